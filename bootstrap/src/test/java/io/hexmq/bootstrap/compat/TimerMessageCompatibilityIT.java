package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** RocketMQ 5.x timer messages ({@code Message.setDeliverTimeMs}) as the official client sends them. */
class TimerMessageCompatibilityIT {

    /** Store timestamps and the test's clock may differ by this much (same host, rounding). */
    private static final long TOLERANCE_MILLIS = 50;
    /**
     * How late a delivery may be here. The scheduler's promise (delivered when due) is proven with a
     * manual clock in DeliverDueTimerMessagesTest; this bound only catches a delivery that waited for
     * something else, and leaves room for a busy CI machine.
     */
    private static final long LATENESS_BOUND_MILLIS = 5_000;

    @TempDir
    Path dataDir;

    private RunningStandalone hexmq;
    private OfficialClients clients;
    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        hexmq = RunningStandalone.start(dataDir, "file", Map.of());
        clients = new OfficialClients(hexmq.nameServer());
        producer = clients.producer("pg-timer");
    }

    @AfterEach
    void stop() {
        clients.close();
        hexmq.close();
    }

    @Test
    void aTimerMessageIsConsumedNoEarlierThanItsDeliverTime() throws Exception {
        clients.createTopic(producer, hexmq.broker(), "TimerTopic", 1);
        long deliverAt = System.currentTimeMillis() + 2_000;
        Message message = new Message("TimerTopic", "T", "at-time".getBytes(StandardCharsets.UTF_8));
        message.setDeliverTimeMs(deliverAt);
        SendResult sent = producer.send(message);
        assertThat(sent.getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = clients.pushConsumer("cg-timer");
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
        assertThat(delivered.getProperty("TIMER_DELIVER_MS")).isNull();
        assertThat(new String(delivered.getBody(), StandardCharsets.UTF_8)).isEqualTo("at-time");
    }

    @Test
    void aTimerMessageDueBeyondTheMaximumDelayIsRefused() throws Exception {
        clients.createTopic(producer, hexmq.broker(), "TimerTopic", 1);
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
}
