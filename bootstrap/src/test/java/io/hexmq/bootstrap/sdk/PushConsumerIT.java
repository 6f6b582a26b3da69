package io.hexmq.bootstrap.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.compat.StandaloneExtension;
import io.hexmq.bootstrap.sdk.SdkClients.ClientWithProducer;
import io.hexmq.client.ConsumeResult;
import io.hexmq.client.HexmqClient;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.ReceivedMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SDK's push consumer against a real hexmq standalone. */
class PushConsumerIT {

    @RegisterExtension
    static final StandaloneExtension<ClientWithProducer> hexmq = StandaloneExtension.onFileStore()
            .withClients(SdkClients.withProducer("sdk-push-pg"));

    private static Set<MessageQueue> queuesOf(PushConsumer consumer, String topic) {
        return consumer.assignment().stream().filter(queue -> queue.topic().equals(topic)).collect(Collectors.toSet());
    }

    private static void send(String topic, String body, String tag) {
        Message.Builder message = Message.builder(topic).body(body);
        if (tag != null) {
            message.tags(tag);
        }
        hexmq.clients().producer().send(message.build());
    }

    @Test
    void clusteringMembersSplitTheQueues_andEachMessageIsConsumedOnce() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-cluster", 4);
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        Map<String, Set<String>> byMember = new ConcurrentHashMap<>();
        try (HexmqClient first = SdkClients.client(hexmq.server());
             HexmqClient second = SdkClients.client(hexmq.server())) {
            List<PushConsumer> members = new ArrayList<>();
            for (HexmqClient member : List.of(first, second)) {
                members.add(member.newPushConsumer().group("sdk-push-cluster-cg")
                        .subscribe("sdk-push-cluster", "*")
                        .consumeFromFirstOffset()
                        .concurrentListener(message -> {
                            deliveries.computeIfAbsent(message.bodyAsString(), b -> new AtomicInteger()).incrementAndGet();
                            byMember.computeIfAbsent(member.clientId(), m -> ConcurrentHashMap.newKeySet())
                                    .add(message.bodyAsString());
                            return ConsumeResult.SUCCESS;
                        })
                        .build());
            }
            Await.until("each member has two of the four queues", () ->
                    queuesOf(members.get(0), "sdk-push-cluster").size() == 2
                            && queuesOf(members.get(1), "sdk-push-cluster").size() == 2);
            assertThat(queuesOf(members.get(0), "sdk-push-cluster"))
                    .doesNotContainAnyElementsOf(queuesOf(members.get(1), "sdk-push-cluster"));

            for (int i = 0; i < 40; i++) {
                send("sdk-push-cluster", "m-" + i, null);
            }
            Await.until("every message is consumed", () -> deliveries.size() == 40);
        }
        assertThat(deliveries.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        assertThat(byMember).hasSize(2);
    }

    @Test
    void broadcastingDeliversEveryMessageToEveryMember() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-broadcast", 2);
        Map<String, Set<String>> byMember = new ConcurrentHashMap<>();
        try (HexmqClient first = SdkClients.client(hexmq.server());
             HexmqClient second = SdkClients.client(hexmq.server())) {
            List<PushConsumer> members = new ArrayList<>();
            for (HexmqClient member : List.of(first, second)) {
                Set<String> received = ConcurrentHashMap.newKeySet();
                byMember.put(member.clientId(), received);
                members.add(member.newPushConsumer().group("sdk-push-broadcast-cg")
                        .subscribe("sdk-push-broadcast", "*")
                        .broadcasting()
                        .consumeFromFirstOffset()
                        .offsetStoreDir(hexmq.server().dataDir()
                                .resolve("broadcast-" + member.clientId().replace('@', '_').replace('#', '_')))
                        .concurrentListener(message -> {
                            received.add(message.bodyAsString());
                            return ConsumeResult.SUCCESS;
                        })
                        .build());
            }
            Await.until("both members read both queues", () -> members.stream()
                    .allMatch(member -> queuesOf(member, "sdk-push-broadcast").size() == 2));
            for (int i = 0; i < 10; i++) {
                send("sdk-push-broadcast", "b-" + i, null);
            }
            Await.until("every member has every message", () -> byMember.values().stream()
                    .allMatch(received -> received.size() == 10));
        }
    }

    @Test
    void orderlyListenerConsumesEachQueueInOrder_oneThreadAtATime() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-orderly", 4);
        Map<Integer, List<Integer>> sequences = new ConcurrentHashMap<>();
        Map<Integer, AtomicInteger> inside = new ConcurrentHashMap<>();
        AtomicInteger overlaps = new AtomicInteger();
        AtomicInteger total = new AtomicInteger();
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group("sdk-push-orderly-cg")
                .subscribe("sdk-push-orderly", "*")
                .consumeFromFirstOffset()
                .consumeThreads(4)
                .orderlyListener(message -> {
                    AtomicInteger busy = inside.computeIfAbsent(message.queueId(), q -> new AtomicInteger());
                    if (busy.incrementAndGet() > 1) {
                        overlaps.incrementAndGet();
                    }
                    sequences.computeIfAbsent(message.queueId(), q -> Collections.synchronizedList(new ArrayList<>()))
                            .add(Integer.parseInt(message.properties().get("seq")));
                    busy.decrementAndGet();
                    total.incrementAndGet();
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            for (int seq = 0; seq < 25; seq++) {
                for (int queue = 0; queue < 4; queue++) {
                    int target = queue;
                    hexmq.clients().producer().send(Message.builder("sdk-push-orderly").body("o-" + queue + "-" + seq)
                                    .property("seq", Integer.toString(seq)).build(),
                            (queues, message, arg) -> queues.get(target), null);
                }
            }
            Await.until("every message is consumed", () -> total.get() == 100);
            assertThat(consumer.assignment()).filteredOn(q -> q.topic().equals("sdk-push-orderly")).hasSize(4);
        }
        assertThat(overlaps.get()).isZero();
        assertThat(sequences).hasSize(4);
        sequences.values().forEach(sequence -> assertThat(sequence).isSorted().hasSize(25));
    }

    @Test
    void tagExpressionSelectsMessages_andOthersAreNeverDelivered() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-tags", 1);
        List<String> received = new CopyOnWriteArrayList<>();
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group("sdk-push-tags-cg")
                .subscribe("sdk-push-tags", "a || b")
                .consumeFromFirstOffset()
                .concurrentListener(message -> {
                    received.add(message.tags().orElse("") + ":" + message.bodyAsString());
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            for (int i = 0; i < 5; i++) {
                send("sdk-push-tags", "t" + i, "a");
                send("sdk-push-tags", "t" + i, "c");
                send("sdk-push-tags", "t" + i, "b");
                send("sdk-push-tags", "t" + i, null);
            }
            send("sdk-push-tags", "last", "a");
            // One queue, pulled in order: once "last" is consumed every earlier message was filtered.
            Await.until("the last matching message is consumed", () -> received.contains("a:last"));
            Await.until("every matching message is consumed", () -> received.size() == 11);
        }
        assertThat(received).allSatisfy(entry -> assertThat(entry).matches("[ab]:.*"));
    }

    @Test
    void aMessageFailingOnceIsRedeliveredThroughTheRetryTopic() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-retry", 2);
        List<ReceivedMessage> attempts = new CopyOnWriteArrayList<>();
        try (PushConsumer consumer = hexmq.clients().client().newPushConsumer().group("sdk-push-retry-cg")
                .subscribe("sdk-push-retry", "*")
                .consumeFromFirstOffset()
                .concurrentListener(message -> {
                    attempts.add(message);
                    if (message.reconsumeTimes() == 0 && message.bodyAsString().equals("fail-once")) {
                        throw new IllegalStateException("failing on purpose");
                    }
                    return ConsumeResult.SUCCESS;
                })
                .build()) {
            send("sdk-push-retry", "fine", null);
            send("sdk-push-retry", "fail-once", "retry-tag");
            Await.until("the failed message comes again", () -> attempts.stream()
                    .filter(m -> m.bodyAsString().equals("fail-once")).count() == 2);
        }
        List<ReceivedMessage> failing = attempts.stream().filter(m -> m.bodyAsString().equals("fail-once")).toList();
        assertThat(failing.get(1).reconsumeTimes()).isEqualTo(1);
        assertThat(failing.get(1).topic()).isEqualTo("sdk-push-retry");
        assertThat(failing.get(1).msgId()).isEqualTo(failing.get(0).msgId());
        assertThat(failing.get(1).tags()).contains("retry-tag");
        assertThat(attempts.stream().filter(m -> m.bodyAsString().equals("fine")).count()).isEqualTo(1);
    }

    @Test
    void aRestartedConsumerContinuesAfterTheCommittedOffsets() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-restart", 2);
        Set<String> before = ConcurrentHashMap.newKeySet();
        try (HexmqClient member = SdkClients.client(hexmq.server());
             PushConsumer consumer = member.newPushConsumer().group("sdk-push-restart-cg")
                     .subscribe("sdk-push-restart", "*")
                     .consumeFromFirstOffset()
                     .concurrentListener(message -> {
                         before.add(message.bodyAsString());
                         return ConsumeResult.SUCCESS;
                     })
                     .build()) {
            for (int i = 0; i < 10; i++) {
                send("sdk-push-restart", "first-" + i, null);
            }
            Await.until("the first messages are consumed", () -> before.size() == 10);
        }
        List<String> after = new CopyOnWriteArrayList<>();
        try (HexmqClient member = SdkClients.client(hexmq.server());
             PushConsumer consumer = member.newPushConsumer().group("sdk-push-restart-cg")
                     .subscribe("sdk-push-restart", "*")
                     .consumeFromFirstOffset()
                     .concurrentListener(message -> {
                         after.add(message.bodyAsString());
                         return ConsumeResult.SUCCESS;
                     })
                     .build()) {
            for (int i = 0; i < 10; i++) {
                send("sdk-push-restart", "second-" + i, null);
            }
            Await.until("the new messages are consumed", () -> after.size() >= 10);
        }
        assertThat(after).allSatisfy(body -> assertThat(body).startsWith("second-")).hasSize(10);
    }

    @Test
    void aNewGroupStartsAtTheEnd_orAtATimestamp_asConfigured() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-start", 1);
        for (int i = 0; i < 3; i++) {
            send("sdk-push-start", "old-" + i, null);
        }
        Instant from = Instant.now().plusMillis(1);
        Await.until("the clock passes the old messages", () -> System.currentTimeMillis() > from.toEpochMilli());
        List<String> fromLast = new CopyOnWriteArrayList<>();
        List<String> fromTimestamp = new CopyOnWriteArrayList<>();
        try (PushConsumer last = hexmq.clients().client().newPushConsumer().group("sdk-push-start-last-cg")
                .subscribe("sdk-push-start", "*")
                .consumeFromLastOffset()
                .concurrentListener(message -> fromLast.add(message.bodyAsString()) ? ConsumeResult.SUCCESS : null)
                .build();
             PushConsumer stamped = hexmq.clients().client().newPushConsumer().group("sdk-push-start-time-cg")
                     .subscribe("sdk-push-start", "*")
                     .consumeFromTimestamp(from)
                     .concurrentListener(message -> fromTimestamp.add(message.bodyAsString())
                             ? ConsumeResult.SUCCESS : null)
                     .build()) {
            Await.until("both consumers pull the queue", () -> !queuesOf(last, "sdk-push-start").isEmpty()
                    && !queuesOf(stamped, "sdk-push-start").isEmpty());
            for (int i = 0; i < 3; i++) {
                send("sdk-push-start", "new-" + i, null);
            }
            Await.until("both consumers have the new messages", () -> fromLast.size() >= 3 && fromTimestamp.size() >= 3);
        }
        assertThat(fromLast).containsExactlyInAnyOrder("new-0", "new-1", "new-2");
        assertThat(fromTimestamp).containsExactlyInAnyOrder("new-0", "new-1", "new-2");
    }

    @Test
    void closingTheClientClosesItsConsumers_andLeavesNoThread() {
        SdkClients.createTopic(hexmq.clients().client(), "sdk-push-close", 1);
        String group = "sdk-push-close-cg";
        HexmqClient member = SdkClients.client(hexmq.server());
        PushConsumer consumer = member.newPushConsumer().group(group).subscribe("sdk-push-close", "*")
                .concurrentListener(message -> ConsumeResult.SUCCESS).build();
        Await.until("the consumer has its queue", () -> !queuesOf(consumer, "sdk-push-close").isEmpty());
        assertThat(threadsNamed(group)).isNotEmpty();

        member.close();

        Await.until("no consumer thread is left", () -> threadsNamed(group).isEmpty());
        assertThat(consumer.assignment()).isEmpty();
    }

    private static List<String> threadsNamed(String part) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.contains(part)).toList();
    }
}
