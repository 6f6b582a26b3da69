package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * POP consumption with the official 5.x remoting client: push consumers with {@code clientRebalance} off
 * (broker-side assignment, the broker's default request mode set to POP), and the client's own POP and
 * ACK calls where the push consumer has no orderly POP mode of its own.
 */
class PopConsumptionCompatibilityIT {

    private static final String TOPIC = "PopTopic";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore()
            .withSettings(Map.of("defaultMessageRequestMode", "POP", "enablePropertyFilter", "true"))
            .withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-pop");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 4);
    }

    @Test
    void everyMessageIsDeliveredOnce_toAGroupOfTwoPopConsumers() throws Exception {
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        List<MessageExt> popped = new CopyOnWriteArrayList<>();
        for (int consumer = 0; consumer < 2; consumer++) {
            popConsumer("cg-pop-two", messages -> {
                popped.addAll(messages);
                messages.forEach(m -> deliveries.computeIfAbsent(body(m), k -> new AtomicInteger()).incrementAndGet());
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
        }

        for (int i = 0; i < 40; i++) {
            producer.send(new Message(TOPIC, "T", ("pop-" + i).getBytes(StandardCharsets.UTF_8)));
        }

        Await.until("40 messages popped", Duration.ofSeconds(60), () -> deliveries.size() == 40);
        assertThat(deliveries.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        assertThat(popped).allSatisfy(PopConsumptionCompatibilityIT::assertPopped);
    }

    @Test
    void aMessageWhoseListenerFails_comesBackAfterItsInvisibleTime() throws Exception {
        List<MessageExt> deliveries = new CopyOnWriteArrayList<>();
        popConsumer("cg-pop-retry", messages -> {
            deliveries.addAll(messages);
            return deliveries.size() == 1 ? ConsumeConcurrentlyStatus.RECONSUME_LATER
                    : ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });

        producer.send(new Message(TOPIC, "T", "fails-once".getBytes(StandardCharsets.UTF_8)));

        Await.until("the failed message delivered again", Duration.ofSeconds(60), () -> deliveries.size() >= 2);
        assertThat(deliveries).extracting(PopConsumptionCompatibilityIT::body).containsOnly("fails-once");
        assertThat(deliveries.get(0).getReconsumeTimes()).isZero();
        assertThat(deliveries.get(1).getReconsumeTimes()).isEqualTo(1);
        assertThat(deliveries.get(1).getTopic()).isEqualTo(TOPIC);
        assertThat(deliveries).allSatisfy(PopConsumptionCompatibilityIT::assertPopped);
    }

    @Test
    void anOrderlyPop_holdsItsQueueUntilAcked_andHandsTheSameMessagesOutAgainWhenNotAcked() throws Exception {
        for (int i = 0; i < 6; i++) {
            producer.send(new Message(TOPIC, "T", ("fifo-" + i).getBytes(StandardCharsets.UTF_8)),
                    (queues, message, arg) -> queues.get(0), null);
        }
        OfficialPopCalls first = calls(producer);
        OfficialPopCalls second = calls(hexmq.clients().producer("pg-pop-second"));

        PopResult popped = first.pop("cg-fifo", TOPIC, 0, 3, 2_000, true);
        assertThat(bodies(popped)).containsExactly("fifo-0", "fifo-1", "fifo-2");
        assertThat(second.pop("cg-fifo", TOPIC, 0, 3, 2_000, true).getPopStatus())
                .isEqualTo(PopStatus.POLLING_NOT_FOUND);

        List<PopResult> again = new CopyOnWriteArrayList<>();
        Await.until("the same messages handed out again after the invisible time", Duration.ofSeconds(30), () -> {
            PopResult result = second.pop("cg-fifo", TOPIC, 0, 3, 60_000, true);
            again.add(result);
            return !bodies(result).isEmpty();
        });
        PopResult redelivered = again.get(again.size() - 1);
        assertThat(bodies(redelivered)).containsExactly("fifo-0", "fifo-1", "fifo-2");
        assertThat(redelivered.getMsgFoundList()).allSatisfy(m -> assertThat(m.getReconsumeTimes()).isEqualTo(1));

        for (MessageExt message : redelivered.getMsgFoundList()) {
            assertThat(second.ack("cg-fifo", TOPIC, message)).isEqualTo(AckStatus.OK);
        }
        assertThat(bodies(first.pop("cg-fifo", TOPIC, 0, 3, 60_000, true)))
                .containsExactly("fifo-3", "fifo-4", "fifo-5");
    }

    @Test
    void anOrderlyPopRetriedWithItsAttemptId_getsTheSameMessagesAgain_whileAnotherAttemptIsBlocked() throws Exception {
        for (int i = 0; i < 3; i++) {
            producer.send(new Message(TOPIC, "T", ("retried-" + i).getBytes(StandardCharsets.UTF_8)),
                    (queues, message, arg) -> queues.get(2), null);
        }
        OfficialPopCalls calls = calls(producer);
        PopResult lost = calls.pop("cg-fifo-retry", TOPIC, 2, 2, 60_000, true, "receive-1");

        assertThat(calls.pop("cg-fifo-retry", TOPIC, 2, 2, 60_000, true, "receive-2").getPopStatus())
                .isEqualTo(PopStatus.POLLING_NOT_FOUND);
        PopResult retried = calls.pop("cg-fifo-retry", TOPIC, 2, 2, 60_000, true, "receive-1");

        assertThat(bodies(retried)).containsExactly("retried-0", "retried-1").isEqualTo(bodies(lost));
        assertThat(retried.getMsgFoundList()).allSatisfy(m -> assertThat(m.getReconsumeTimes()).isZero());
        for (MessageExt message : retried.getMsgFoundList()) {
            assertThat(calls.ack("cg-fifo-retry", TOPIC, message)).isEqualTo(AckStatus.OK);
        }
        assertThat(bodies(calls.pop("cg-fifo-retry", TOPIC, 2, 2, 60_000, true, "receive-2")))
                .containsExactly("retried-2");
    }

    @Test
    void aRestartLosesNoUnackedMessage_andRedeliversNoAckedOne() throws Exception {
        for (int i = 0; i < 8; i++) {
            producer.send(new Message(TOPIC, "T", ("kept-" + i).getBytes(StandardCharsets.UTF_8)),
                    (queues, message, arg) -> queues.get(1), null);
        }
        OfficialPopCalls calls = calls(producer);
        PopResult popped = calls.pop("cg-pop-restart", TOPIC, 1, 8, 3_000, false);
        assertThat(popped.getMsgFoundList()).hasSize(8);
        List<String> unacked = new ArrayList<>();
        for (MessageExt message : popped.getMsgFoundList()) {
            if (message.getQueueOffset() % 2 == 0) {
                assertThat(calls.ack("cg-pop-restart", TOPIC, message)).isEqualTo(AckStatus.OK);
            } else {
                unacked.add(body(message));
            }
        }

        hexmq.server().restart();

        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        popConsumer("cg-pop-restart", messages -> {
            messages.forEach(PopConsumptionCompatibilityIT::assertPopped);
            messages.forEach(m -> deliveries.computeIfAbsent(body(m), k -> new AtomicInteger()).incrementAndGet());
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        Await.until("the unacked messages delivered again", Duration.ofSeconds(60),
                () -> deliveries.keySet().containsAll(unacked));
        assertThat(deliveries.keySet()).containsExactlyInAnyOrderElementsOf(unacked);
    }

    @Test
    void popsOnlyWhatTheTagOrSql92ExpressionSelects() throws Exception {
        Map<String, MessageExt> byTag = new ConcurrentHashMap<>();
        Map<String, MessageExt> bySql = new ConcurrentHashMap<>();
        popConsumer("cg-pop-tag", MessageSelector.byTag("A"), messages -> {
            messages.forEach(m -> byTag.put(body(m), m));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        popConsumer("cg-pop-sql", MessageSelector.bySql("n > 5"), messages -> {
            messages.forEach(m -> bySql.put(body(m), m));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });

        for (int i = 0; i < 10; i++) {
            Message message = new Message(TOPIC, i % 2 == 0 ? "A" : "B", ("f-" + i).getBytes(StandardCharsets.UTF_8));
            message.putUserProperty("n", Integer.toString(i));
            producer.send(message);
        }

        Await.until("the selected messages popped", Duration.ofSeconds(60),
                () -> byTag.size() >= 5 && bySql.size() >= 4);
        assertThat(byTag.keySet()).containsExactlyInAnyOrder("f-0", "f-2", "f-4", "f-6", "f-8");
        assertThat(bySql.keySet()).containsExactlyInAnyOrder("f-6", "f-7", "f-8", "f-9");
        assertThat(bySql.values()).allSatisfy(PopConsumptionCompatibilityIT::assertPopped);
    }

    private void popConsumer(String group, Function<List<MessageExt>, ConsumeConcurrentlyStatus> listener)
            throws Exception {
        popConsumer(group, MessageSelector.byTag("*"), listener);
    }

    private void popConsumer(String group, MessageSelector selector,
            Function<List<MessageExt>, ConsumeConcurrentlyStatus> listener) throws Exception {
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer(group);
        consumer.setClientRebalance(false);
        consumer.subscribe(TOPIC, selector);
        consumer.registerMessageListener(
                (MessageListenerConcurrently) (messages, context) -> listener.apply(messages));
        consumer.start();
    }

    private OfficialPopCalls calls(DefaultMQProducer via) {
        return new OfficialPopCalls(via, hexmq.server().brokerName(), hexmq.server().broker());
    }

    /** Only a POP's answer gives a message its checkpoint info: it was popped, not pulled. */
    private static void assertPopped(MessageExt message) {
        assertThat(message.getProperty(MessageConst.PROPERTY_POP_CK)).as("POP checkpoint info").isNotBlank();
    }

    private static List<String> bodies(PopResult result) {
        return result.getMsgFoundList() == null ? List.of()
                : result.getMsgFoundList().stream().map(PopConsumptionCompatibilityIT::body).toList();
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }
}
