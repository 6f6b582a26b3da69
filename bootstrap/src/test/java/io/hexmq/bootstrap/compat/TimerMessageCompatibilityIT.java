package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RocketMQ 5.x timer messages ({@code Message.setDeliverTimeMs}) as the official client sends them,
 * once per storage backend.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class TimerMessageCompatibilityIT {

    @Parameter
    String store;

    /** Store timestamps and the test's clock may differ by this much (same host, rounding). */
    private static final long TOLERANCE_MILLIS = 50;
    /**
     * How late a delivery may be here. The scheduler's promise (delivered when due) is proven with a
     * manual clock in DeliverDueTimerMessagesTest; this bound only catches a delivery that waited for
     * something else, and leaves room for a busy CI machine.
     */
    private static final long LATENESS_BOUND_MILLIS = 5_000;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onStore(() -> store).withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-timer");
    }

    private SendResult sendAt(String body, long deliverAt) throws Exception {
        Message message = new Message("TimerTopic", "T", body.getBytes(StandardCharsets.UTF_8));
        message.setDeliverTimeMs(deliverAt);
        SendResult sent = producer.send(message);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return sent;
    }

    /** The bodies stored in TimerTopic's queue, in queue order, read until {@code last} is among them. */
    private List<String> bodiesUpTo(String group, String last) throws Exception {
        DefaultLitePullConsumer reader = hexmq.clients().litePullConsumer(group);
        reader.setAutoCommit(false);
        OfficialClients.startAt(reader, OfficialClients.queue("TimerTopic", hexmq.server().brokerName(), 0), 0);
        List<String> bodies = new ArrayList<>();
        Await.until(last + " in TimerTopic", Duration.ofSeconds(30), () -> {
            reader.poll(200).forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            return bodies.contains(last);
        });
        reader.shutdown();
        return bodies;
    }

    @Test
    void aTimerMessageIsConsumedNoEarlierThanItsDeliverTime() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "TimerTopic", 1);
        long deliverAt = System.currentTimeMillis() + 2_000;
        Message message = new Message("TimerTopic", "T", "at-time".getBytes(StandardCharsets.UTF_8));
        message.setDeliverTimeMs(deliverAt);
        SendResult sent = producer.send(message);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-timer");
        consumer.subscribe("TimerTopic", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received.addAll(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();

        Await.until("the timer message", () -> received.size() == 1);
        MessageExt delivered = received.get(0);
        assertThat(delivered.getMsgId()).isEqualTo(sent.getMsgId());
        assertThat(delivered.getBornTimestamp()).isLessThan(deliverAt);
        assertThat(delivered.getStoreTimestamp()).isGreaterThanOrEqualTo(deliverAt - TOLERANCE_MILLIS)
                .isLessThan(deliverAt + LATENESS_BOUND_MILLIS);
        // kept, as RocketMQ's broker keeps it on delivery: the 5.x proxy reads the delivery time from it
        assertThat(delivered.getProperty("TIMER_DELIVER_MS")).isEqualTo(Long.toString(deliverAt));
        assertThat(new String(delivered.getBody(), StandardCharsets.UTF_8)).isEqualTo("at-time");
    }

    @Test
    void aTimerMessageDueBeyondTheMaximumDelayIsRefused() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "TimerTopic", 1);
        Message message = new Message("TimerTopic", "T", "too-far".getBytes(StandardCharsets.UTF_8));
        message.setDeliverTimeMs(System.currentTimeMillis() + 4L * 24 * 3600 * 1000);

        try {
            producer.send(message);
            org.assertj.core.api.Assertions.fail("a send due in 4 days was accepted");
        } catch (MQBrokerException refused) {
            assertThat(refused.getResponseCode()).isEqualTo(13);
            assertThat(refused.getErrorMessage()).contains("timerMaxDelaySec");
        }
    }

    @Test
    void aTimerMessageDeliveredBeforeAnEarlierParkedOne_isNotDeliveredAgainAfterARestart() throws Exception {
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "TimerTopic", 1);
        long now = System.currentTimeMillis();
        sendAt("later", now + 6_000);
        sendAt("sooner", now + 1_000);
        assertThat(bodiesUpTo("cg-timer-before", "sooner")).containsExactly("sooner");

        hexmq.server().restart();

        // A second "sooner" would be delivered at the first run after the restart, before "later" is due.
        assertThat(bodiesUpTo("cg-timer-after", "later")).containsExactly("sooner", "later");
    }
}
