package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Timer messages in a batch, as the official 5.3.3 client sends them with {@code send(Collection)}. That
 * client refuses a batch holding a {@code DELAY} level before sending it, but lets timer properties
 * through inside the batch's messages; a RocketMQ 5.x broker reads timers only from the batch's own
 * properties and stores those messages at once, timer properties and all. hexmq does the same.
 */
class BatchTimerCompatibilityIT {

    private static final String TOPIC = "BatchTimerTopic";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-batch-timer");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 1);
    }

    @Test
    void theTimerMessagesOfABatch_areStoredAndDeliveredAtOnce() throws Exception {
        long inAnHour = System.currentTimeMillis() + 3_600_000;
        Message at = new Message(TOPIC, "T", "deliver-at".getBytes(StandardCharsets.UTF_8));
        at.setDeliverTimeMs(inAnHour);
        Message after = new Message(TOPIC, "T", "delay-sec".getBytes(StandardCharsets.UTF_8));
        after.setDelayTimeSec(3_600);

        SendResult sent = producer.send(List.of(at, after));

        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-batch-timer");
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        Await.until("both batch messages, an hour before their timers", Duration.ofSeconds(30),
                () -> received.size() == 2);
        assertThat(received).extracting(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .containsExactlyInAnyOrder("deliver-at", "delay-sec");
        assertThat(received).filteredOn(message -> message.getProperty("TIMER_DELIVER_MS") != null)
                .extracting(message -> message.getProperty("TIMER_DELIVER_MS"))
                .containsExactly(Long.toString(inAnHour));
    }
}
