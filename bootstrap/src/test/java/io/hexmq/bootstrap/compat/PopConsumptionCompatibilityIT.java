package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.rocketmq.client.consumer.AckCallback;
import org.apache.rocketmq.client.consumer.AckResult;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PopCallback;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader;
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
            .withSettings(Map.of("defaultMessageRequestMode", "POP"))
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
        MQClientAPIImpl first = api(producer);
        MQClientAPIImpl second = api(hexmq.clients().producer("pg-pop-second"));

        PopResult popped = pop(first, "cg-fifo", 0, 3, 2_000, true);
        assertThat(bodies(popped)).containsExactly("fifo-0", "fifo-1", "fifo-2");
        assertThat(pop(second, "cg-fifo", 0, 3, 2_000, true).getPopStatus()).isEqualTo(PopStatus.POLLING_NOT_FOUND);

        Await.until("the same messages handed out again after the invisible time", Duration.ofSeconds(30),
                () -> !bodies(pop(second, "cg-fifo", 0, 3, 60_000, true)).isEmpty());
        PopResult again = lastPop;
        assertThat(bodies(again)).containsExactly("fifo-0", "fifo-1", "fifo-2");
        assertThat(again.getMsgFoundList()).allSatisfy(m -> assertThat(m.getReconsumeTimes()).isEqualTo(1));

        for (MessageExt message : again.getMsgFoundList()) {
            assertThat(ack(second, "cg-fifo", message)).isEqualTo(AckStatus.OK);
        }
        assertThat(bodies(pop(first, "cg-fifo", 0, 3, 60_000, true))).containsExactly("fifo-3", "fifo-4", "fifo-5");
    }

    @Test
    void aRestartLosesNoUnackedMessage_andRedeliversNoAckedOne() throws Exception {
        for (int i = 0; i < 8; i++) {
            producer.send(new Message(TOPIC, "T", ("kept-" + i).getBytes(StandardCharsets.UTF_8)),
                    (queues, message, arg) -> queues.get(1), null);
        }
        PopResult popped = pop(api(producer), "cg-pop-restart", 1, 8, 3_000, false);
        assertThat(popped.getMsgFoundList()).hasSize(8);
        List<String> unacked = new ArrayList<>();
        for (MessageExt message : popped.getMsgFoundList()) {
            if (message.getQueueOffset() % 2 == 0) {
                assertThat(ack(api(producer), "cg-pop-restart", message)).isEqualTo(AckStatus.OK);
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

    private void popConsumer(String group, Function<List<MessageExt>, ConsumeConcurrentlyStatus> listener)
            throws Exception {
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer(group);
        consumer.setClientRebalance(false);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(
                (MessageListenerConcurrently) (messages, context) -> listener.apply(messages));
        consumer.start();
    }

    private static MQClientAPIImpl api(DefaultMQProducer via) {
        return via.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
    }

    private PopResult lastPop;

    private PopResult pop(MQClientAPIImpl api, String group, int queueId, int max, long invisibleTime, boolean order) {
        PopMessageRequestHeader header = new PopMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(TOPIC);
        header.setQueueId(queueId);
        header.setMaxMsgNums(max);
        header.setInvisibleTime(invisibleTime);
        header.setInitMode(0);
        header.setOrder(order);
        header.setBrokerName(hexmq.server().brokerName());
        CompletableFuture<PopResult> result = new CompletableFuture<>();
        try {
            api.popMessageAsync(hexmq.server().brokerName(), hexmq.server().broker(), header, 5_000, new PopCallback() {
                @Override
                public void onSuccess(PopResult popResult) {
                    result.complete(popResult);
                }

                @Override
                public void onException(Throwable e) {
                    result.completeExceptionally(e);
                }
            });
            lastPop = result.get(10, TimeUnit.SECONDS);
            return lastPop;
        } catch (Exception e) {
            throw new AssertionError("POP failed", e);
        }
    }

    private AckStatus ack(MQClientAPIImpl api, String group, MessageExt message) throws Exception {
        String extraInfo = message.getProperty(MessageConst.PROPERTY_POP_CK);
        String[] fields = ExtraInfoUtil.split(extraInfo);
        AckMessageRequestHeader header = new AckMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(ExtraInfoUtil.getRealTopic(fields, TOPIC, group));
        header.setQueueId(ExtraInfoUtil.getQueueId(fields));
        header.setOffset(ExtraInfoUtil.getQueueOffset(fields));
        header.setExtraInfo(extraInfo);
        header.setBrokerName(hexmq.server().brokerName());
        CompletableFuture<AckResult> result = new CompletableFuture<>();
        api.ackMessageAsync(hexmq.server().broker(), 5_000, new AckCallback() {
            @Override
            public void onSuccess(AckResult ackResult) {
                result.complete(ackResult);
            }

            @Override
            public void onException(Throwable e) {
                result.completeExceptionally(e);
            }
        }, header);
        return result.get(10, TimeUnit.SECONDS).getStatus();
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
