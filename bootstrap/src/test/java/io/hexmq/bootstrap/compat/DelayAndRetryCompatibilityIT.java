package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Delay levels, the retry ladder and dead letters as the official client uses them. The broker's
 * delay levels are shortened ({@code messageDelayLevel}) so the ladder runs in seconds.
 */
class DelayAndRetryCompatibilityIT {

    private static final String LEVELS = "1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("messageDelayLevel", LEVELS))
            .withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-delay");
    }

    @Test
    void aDelayedMessageIsDeliveredOnlyAfterItsLevel() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "DelayTopic", 1);
        Message message = new Message("DelayTopic", "T", "later".getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeLevel(3);
        SendResult sent = producer.send(message);

        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-delay");
        consumer.subscribe("DelayTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();

        Await.until("the delayed message", () -> received.size() == 1);
        MessageExt delivered = received.get(0);
        assertThat(delivered.getMsgId()).isEqualTo(sent.getMsgId());
        assertThat(delivered.getStoreTimestamp() - delivered.getBornTimestamp()).isGreaterThanOrEqualTo(1_000);
        assertThat(new String(delivered.getBody(), StandardCharsets.UTF_8)).isEqualTo("later");
        assertThat(delivered.getDelayTimeLevel()).as("the level it waited for, kept as RocketMQ keeps it").isEqualTo(3);
        assertThat(delivered.getProperty("REAL_TOPIC")).isEqualTo("DelayTopic");
    }

    @Test
    void aFailedMessageIsRedeliveredThroughTheRetryTopic_untilItSucceeds() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "RetryTopic", 1);
        SendResult sent = producer.send(new Message("RetryTopic", "T", "flaky".getBytes(StandardCharsets.UTF_8)));

        List<Integer> attempts = new CopyOnWriteArrayList<>();
        List<String> ids = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-retry");
        consumer.subscribe("RetryTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            MessageExt message = messages.get(0);
            attempts.add(message.getReconsumeTimes());
            ids.add(message.getMsgId());
            return message.getReconsumeTimes() < 2
                    ? ConsumeConcurrentlyStatus.RECONSUME_LATER : ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();

        Await.until("the third attempt", Duration.ofSeconds(60), () -> attempts.size() >= 3);
        assertThat(attempts).startsWith(0, 1, 2);
        assertThat(ids).allSatisfy(id -> assertThat(id).isEqualTo(sent.getMsgId()));
    }

    @Test
    void aMessageThatKeepsFailingEndsInTheDeadLetterQueue() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "DeadTopic", 1);
        producer.send(new Message("DeadTopic", "T", "poison".getBytes(StandardCharsets.UTF_8)));

        List<Integer> attempts = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-dead");
        consumer.setMaxReconsumeTimes(1);
        consumer.subscribe("DeadTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            attempts.add(messages.get(0).getReconsumeTimes());
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        consumer.start();
        Await.until("two attempts", Duration.ofSeconds(60), () -> attempts.size() >= 2);

        DefaultLitePullConsumer dlqReader = hexmq.clients().litePullConsumer("cg-dlq-reader");
        dlqReader.setAutoCommit(false);
        dlqReader.start();
        List<MessageExt> dead = new ArrayList<>();
        Await.until("the message in %DLQ%cg-dead", Duration.ofSeconds(60), () -> {
            try {
                if (dlqReader.assignment() == null || dlqReader.assignment().isEmpty()) {
                    java.util.Collection<MessageQueue> queues = dlqReader.fetchMessageQueues("%DLQ%cg-dead");
                    // A new group that consumes from the first offset starts at 0; no seek to race the first pull.
                    dlqReader.assign(queues);
                }
                dead.addAll(dlqReader.poll(500));
                return !dead.isEmpty();
            } catch (Exception notYet) {
                return false;
            }
        });
        MessageExt letter = dead.get(0);
        assertThat(new String(letter.getBody(), StandardCharsets.UTF_8)).isEqualTo("poison");
        assertThat(letter.getProperty("RETRY_TOPIC")).isEqualTo("DeadTopic");
    }
}
