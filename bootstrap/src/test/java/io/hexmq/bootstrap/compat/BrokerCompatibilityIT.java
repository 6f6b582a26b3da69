package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Broker as programs written against Apache RocketMQ's official client see it: a hexmq standalone
 * node, and unmodified DefaultMQProducer, DefaultMQPushConsumer and DefaultLitePullConsumer. Every
 * test runs once per storage backend: the wire behaviour must not depend on the store.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class BrokerCompatibilityIT {

    @Parameter
    String store;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onStore(() -> store).withOfficialClients();

    private static Message message(String topic, String tag, String key, String body) {
        Message message = new Message(topic, tag, key, body.getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("origin", "it");
        return message;
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    private static MessageListenerConcurrently collectingInto(Map<String, MessageExt> received, AtomicInteger deliveries) {
        return (messages, context) -> {
            for (MessageExt message : messages) {
                received.put(body(message), message);
                deliveries.incrementAndGet();
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        };
    }

    @Test
    void syncAsyncOnewayAndBatchSends_reachAPushConsumerWithEveryPropertyIntact() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-sends");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "SendsTopic", 4);

        List<SendResult> results = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            results.add(producer.send(message("SendsTopic", "TagA", "sync-" + i, "sync-" + i)));
        }
        CopyOnWriteArrayList<SendResult> asyncResults = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 10; i++) {
            producer.send(message("SendsTopic", "TagB", "async-" + i, "async-" + i), new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    asyncResults.add(result);
                }

                @Override
                public void onException(Throwable e) {
                    throw new AssertionError(e);
                }
            });
        }
        for (int i = 0; i < 10; i++) {
            producer.sendOneway(message("SendsTopic", "TagC", "oneway-" + i, "oneway-" + i));
        }
        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            batch.add(message("SendsTopic", "TagD", "batch-" + i, "batch-" + i));
        }
        SendResult batchResult = producer.send(batch);

        assertThat(results).extracting(SendResult::getSendStatus).containsOnly(SendStatus.SEND_OK);
        assertThat(results).allSatisfy(result -> assertThat(result.getOffsetMsgId()).hasSize(32));
        assertThat(batchResult.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(batchResult.getMsgId().split(",")).hasSize(10);
        Await.until("async acknowledgements", () -> asyncResults.size() == 10);

        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-sends");
        consumer.subscribe("SendsTopic", "*");
        consumer.registerMessageListener(collectingInto(received, new AtomicInteger()));
        consumer.start();

        Await.until("40 messages consumed", () -> received.size() == 40);
        MessageExt first = received.get("sync-0");
        assertThat(first.getTopic()).isEqualTo("SendsTopic");
        assertThat(first.getTags()).isEqualTo("TagA");
        assertThat(first.getKeys()).isEqualTo("sync-0");
        assertThat(first.getUserProperty("origin")).isEqualTo("it");
        assertThat(first.getMsgId()).isEqualTo(results.get(0).getMsgId());
        assertThat(first.getQueueOffset()).isEqualTo(results.get(0).getQueueOffset());
        assertThat(first.getStoreHost().toString()).contains(hexmq.server().broker().replace("127.0.0.1", ""));
        assertThat(received.get("batch-7").getTags()).isEqualTo("TagD");
        assertThat(received.get("batch-7").getKeys()).isEqualTo("batch-7");
        assertThat(received.get("oneway-3").getTags()).isEqualTo("TagC");
        assertThat(received.get("async-9").getKeys()).isEqualTo("async-9");
    }

    @Test
    void twoConsumersOfOneGroupSplitTheQueues_andEachMessageIsConsumedOnce() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-split");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "SplitTopic", 4);
        Map<String, AtomicInteger> perMessage = new ConcurrentHashMap<>();
        List<Set<String>> seenBy = List.of(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet());
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            Set<String> mine = seenBy.get(c);
            DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-split");
            consumer.subscribe("SplitTopic", "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(m -> {
                    perMessage.computeIfAbsent(body(m), k -> new AtomicInteger()).incrementAndGet();
                    mine.add(body(m));
                });
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            consumers.add(consumer);
        }
        // Bounded above the official client's 20 s periodic rebalance, should a notification be late.
        Await.until("the two consumers to hold two queues each", Duration.ofSeconds(60), () -> consumers.stream()
                .allMatch(consumer -> assignedQueues(consumer).size() == 2));

        for (int i = 0; i < 40; i++) {
            producer.send(message("SplitTopic", "T", "k" + i, "split-" + i));
        }

        Await.until("40 messages consumed", () -> perMessage.size() == 40);
        assertThat(perMessage.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        assertThat(seenBy.get(0)).isNotEmpty().doesNotContainAnyElementsOf(seenBy.get(1));
        assertThat(seenBy.get(1)).isNotEmpty();
    }

    private static Set<MessageQueue> assignedQueues(DefaultMQPushConsumer consumer) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet();
    }

    @Test
    void broadcastingConsumersEachReceiveEveryMessage() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-broadcast");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "BroadcastTopic", 2);
        List<Map<String, MessageExt>> received = List.of(new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-broadcast");
            consumer.setMessageModel(MessageModel.BROADCASTING);
            consumer.subscribe("BroadcastTopic", "*");
            consumer.registerMessageListener(collectingInto(received.get(c), new AtomicInteger()));
            consumer.start();
            consumers.add(consumer);
        }
        Await.until("each broadcasting consumer to hold every queue", Duration.ofSeconds(60), () -> consumers.stream()
                .allMatch(consumer -> assignedQueues(consumer).size() == 2));

        for (int i = 0; i < 10; i++) {
            producer.send(message("BroadcastTopic", "T", "k" + i, "broadcast-" + i));
        }

        Await.until("both consumers to receive all 10", () -> received.stream().allMatch(map -> map.size() == 10));
    }

    @Test
    void orderlyConsumerSeesEachQueueInSendOrder() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-orderly");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "OrderlyTopic", 4);
        for (int step = 0; step < 10; step++) {
            for (int order = 0; order < 3; order++) {
                producer.send(message("OrderlyTopic", "T", "order-" + order, order + ":" + step),
                        (queues, msg, arg) -> queues.get((Integer) arg % queues.size()), order);
            }
        }
        Map<String, List<Integer>> stepsByOrder = new ConcurrentHashMap<>();
        AtomicInteger total = new AtomicInteger();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-orderly");
        consumer.subscribe("OrderlyTopic", "*");
        consumer.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
            for (MessageExt m : messages) {
                String[] parts = body(m).split(":");
                stepsByOrder.computeIfAbsent(parts[0], k -> new CopyOnWriteArrayList<>()).add(Integer.parseInt(parts[1]));
                total.incrementAndGet();
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        consumer.start();

        Await.until("30 ordered messages", () -> total.get() == 30);
        assertThat(stepsByOrder).hasSize(3);
        assertThat(stepsByOrder.values()).allSatisfy(steps -> assertThat(steps).isSorted().hasSize(10));
    }

    @Test
    void litePullConsumerAssignsSeeksAndSubscribes() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-lite");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "LiteTopic", 2);
        for (int i = 0; i < 20; i++) {
            producer.send(message("LiteTopic", "T", "k" + i, "lite-" + i), (queues, msg, arg) -> queues.get(0), null);
        }

        DefaultLitePullConsumer assigned = hexmq.clients().litePullConsumer("cg-lite-assign");
        assigned.setAutoCommit(false);
        OfficialClients.startAt(assigned, OfficialClients.queue("LiteTopic", hexmq.server().brokerName(), 0), 15);
        List<String> fromSeek = pollBodies(assigned, 5);
        assertThat(fromSeek).containsExactly("lite-15", "lite-16", "lite-17", "lite-18", "lite-19");

        DefaultLitePullConsumer subscribed = hexmq.clients().litePullConsumer("cg-lite-subscribe");
        subscribed.subscribe("LiteTopic", "*");
        subscribed.start();
        assertThat(pollBodies(subscribed, 20)).hasSize(20).contains("lite-0", "lite-19");
    }

    private static List<String> pollBodies(DefaultLitePullConsumer consumer, int expected) {
        List<String> bodies = new ArrayList<>();
        Await.until(expected + " polled messages", Duration.ofSeconds(30), () -> {
            consumer.poll(500).forEach(m -> bodies.add(body(m)));
            return bodies.size() >= expected;
        });
        return bodies;
    }

    @Test
    void tagSubscriptionReceivesOnlyTheNamedTags() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-tags");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "TagTopic", 2);
        for (String tag : List.of("TagA", "TagB", "TagC", "TagB", "TagA")) {
            producer.send(message("TagTopic", tag, tag, tag + "-" + System.nanoTime()));
        }
        Map<String, MessageExt> received = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-tags");
        consumer.subscribe("TagTopic", "TagA || TagC");
        consumer.registerMessageListener(collectingInto(received, new AtomicInteger()));
        consumer.start();
        producer.send(message("TagTopic", "TagC", "late", "TagC-late"));

        Await.until("TagA and TagC messages", () -> received.size() == 4);
        assertThat(received.values()).extracting(MessageExt::getTags).containsOnly("TagA", "TagC");
    }

    @Test
    void committedOffsetsSurviveAConsumerRestartAndABrokerRestart() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-offsets");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "OffsetTopic", 2);
        for (int i = 0; i < 10; i++) {
            producer.send(message("OffsetTopic", "T", "k", "first-" + i));
        }
        Map<String, MessageExt> firstRun = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = hexmq.clients().pushConsumer("cg-offsets");
        consumer.subscribe("OffsetTopic", "*");
        consumer.registerMessageListener(collectingInto(firstRun, new AtomicInteger()));
        consumer.start();
        Await.until("first 10", () -> firstRun.size() == 10);
        // The client records a batch as consumed only after its listener returns, and commits what it recorded:
        // shutting down before the broker holds all 10 would redeliver the last ones (at least once), not lose them.
        awaitCommitted(producer, "cg-offsets", 10);
        consumer.shutdown();

        for (int i = 0; i < 5; i++) {
            producer.send(message("OffsetTopic", "T", "k", "second-" + i));
        }
        Map<String, MessageExt> secondRun = new ConcurrentHashMap<>();
        AtomicInteger secondDeliveries = new AtomicInteger();
        DefaultMQPushConsumer restarted = hexmq.clients().pushConsumer("cg-offsets");
        restarted.subscribe("OffsetTopic", "*");
        restarted.registerMessageListener(collectingInto(secondRun, secondDeliveries));
        restarted.start();
        Await.until("the 5 new messages", () -> secondRun.size() == 5);
        assertThat(secondRun.keySet()).allSatisfy(bodyText -> assertThat(bodyText).startsWith("second-"));
        awaitCommitted(producer, "cg-offsets", 15);
        restarted.shutdown();

        hexmq.server().restart();
        DefaultMQProducer producerAfter = hexmq.clients().producer("pg-offsets");
        Await.until("route after restart", () -> canSend(producerAfter));
        Map<String, MessageExt> thirdRun = new ConcurrentHashMap<>();
        DefaultMQPushConsumer afterBrokerRestart = hexmq.clients().pushConsumer("cg-offsets");
        afterBrokerRestart.subscribe("OffsetTopic", "*");
        afterBrokerRestart.registerMessageListener(collectingInto(thirdRun, new AtomicInteger()));
        afterBrokerRestart.start();
        Await.until("the third message", () -> thirdRun.containsKey("third-0"));
        assertThat(thirdRun.keySet()).containsExactly("third-0");
    }

    private void awaitCommitted(DefaultMQProducer via, String group, long expected) {
        Await.until(group + " committed " + expected + " messages of OffsetTopic", () -> {
            try {
                return OfficialClients.committedOnBroker(via, hexmq.server().broker(), group, "OffsetTopic", 2)
                        == expected;
            } catch (Exception notYet) {
                return false;
            }
        });
    }

    private static boolean canSend(DefaultMQProducer producer) {
        try {
            return producer.send(message("OffsetTopic", "T", "k", "third-0")).getSendStatus() == SendStatus.SEND_OK;
        } catch (Exception notYet) {
            return false;
        }
    }

    static Collection<String> bodies(Collection<MessageExt> messages) {
        return messages.stream().map(BrokerCompatibilityIT::body).toList();
    }
}
