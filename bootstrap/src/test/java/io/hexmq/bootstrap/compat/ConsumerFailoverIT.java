package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.QUEUES;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.HostLocks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A consumer group with committed offsets across failovers of its replicated broker group, with the official
 * push consumer as users run it, while producers send all along. Every replica, followers included, answers
 * QUERY_CONSUMER_OFFSET with the group's offsets once the leader's periodic save reached it. Then the leader is
 * killed with kill -9 under a running consumer: the group goes on consuming from the new leader. Then the consumer is stopped (as a
 * deploy does), the leader killed at once, and a new consumer of the group started: it resumes from the offsets
 * the group's log carried to the new leader. Each time every acknowledged message is consumed, and what is
 * delivered again had last been delivered within the offset-commit window before the kill (the client's persist
 * interval plus the broker's {@code flushConsumerOffsetInterval}), never from the start of the queues. The
 * offsets travel through the group's log whatever the store, so one store is enough.
 */
@ResourceLock(HostLocks.REPLICATED_GROUP)
class ConsumerFailoverIT {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerFailoverIT.class);
    private static final String GROUP = "cg-failover";
    private static final long FLUSH_OFFSETS_MILLIS = 2_000;
    /** OfficialClients' push consumers persist their offsets every second. */
    private static final long CLIENT_PERSIST_MILLIS = 1_000;
    /**
     * How long before a kill a delivery may have been and still come again: the commit window, plus what a
     * loaded machine adds to each period and to the proposal that carries the offsets.
     */
    private static final long COMMIT_WINDOW_MILLIS = FLUSH_OFFSETS_MILLIS + CLIENT_PERSIST_MILLIS + 4_000;
    private static final Duration GAP_BOUND = Duration.ofSeconds(30);
    private static final int SENDS_BEFORE_KILL = 150;
    private static final int SENDS_AFTER_KILL = 60;

    @TempDir
    Path dir;

    @Test
    void consumesOnFromTheNewLeader_andANewConsumerResumesWithinTheCommitWindow_afterKillsOfTheLeader()
            throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, "file", 3,
                Map.of("flushConsumerOffsetInterval", Long.toString(FLUSH_OFFSETS_MILLIS)));
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            DefaultMQProducer producer = clients.producer("pg-consumer-failover");
            producer.setPollNameServerInterval(500);
            producer.setSendMsgTimeout(3_000);
            group.createTopic(clients, producer);
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            Deliveries deliveries = new Deliveries();

            try (ContinuousSends sends = new ContinuousSends(producer, acknowledged, 2)) {
                DefaultMQPushConsumer running = deliveries.consumer(clients);
                sends.awaitMore(SENDS_BEFORE_KILL, GAP_BOUND);
                deliveries.awaitAll(acknowledged);
                // the leader's periodic save carries the group's offsets to the followers, which answer for them
                for (int replica = 0; replica < 3; replica++) {
                    String address = group.address(replica);
                    Await.until("replica " + replica + " answers the group's committed offset on every queue",
                            ReplicatedGroup.STARTUP, () -> committedEverywhere(producer, address));
                }
                long killedAt = killLeader(group);
                sends.awaitMore(SENDS_AFTER_KILL, GAP_BOUND);
                deliveries.awaitAll(acknowledged);
                redeliveredWithinTheWindow(deliveries, killedAt, "a running consumer");
                group.restartAndCatchUp(indexOfDead(group), api);

                running.shutdown();
                long stoppedAt = killLeader(group);
                sends.awaitMore(SENDS_AFTER_KILL, GAP_BOUND);
                deliveries.consumer(clients);
                deliveries.awaitAll(acknowledged);
                redeliveredWithinTheWindow(deliveries, stoppedAt, "a new consumer");
            }
            LOG.info("{} acknowledged messages, {} deliveries", acknowledged.size(), deliveries.count());
        }
    }

    private static boolean committedEverywhere(DefaultMQProducer producer, String address) {
        try {
            return OfficialClients.committedOnBroker(producer, address, GROUP, TOPIC, QUEUES) >= 0;
        } catch (Exception notYet) {
            return false;
        }
    }

    /** What {@code who} got again after the kill at {@code killedAt} had last been delivered within the window. */
    private static void redeliveredWithinTheWindow(Deliveries deliveries, long killedAt, String who) {
        List<Long> again = deliveries.againAfter(killedAt);
        LOG.info("{}: {} delivered again after the kill, last delivered so many ms before it: {}", who, again.size(),
                again);
        assertThat(again).as("ms before the kill of the last delivery of what %s got again", who)
                .allSatisfy(before -> assertThat(before).isLessThan(COMMIT_WINDOW_MILLIS));
    }

    private static int indexOfDead(ReplicatedGroup group) {
        for (int i = 0; i < 3; i++) {
            if (!group.replica(i).isAlive()) {
                return i;
            }
        }
        throw new AssertionError("no replica is dead");
    }

    /** Kills the leader with kill -9; returns when, in nanos. */
    private static long killLeader(ReplicatedGroup group) throws InterruptedException {
        group.replica(group.awaitLeader()).kill();
        return System.nanoTime();
    }

    /** Every delivery to the group's consumers: per body, when (nanos) each delivery was. */
    private static final class Deliveries {

        private final Map<String, List<Long>> byBody = new ConcurrentHashMap<>();

        DefaultMQPushConsumer consumer(OfficialClients clients) throws Exception {
            DefaultMQPushConsumer consumer = clients.pushConsumer(GROUP);
            consumer.setPullBatchSize(64);
            consumer.subscribe(TOPIC, "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                long now = System.nanoTime();
                messages.forEach(m -> byBody.merge(new String(m.getBody(), StandardCharsets.UTF_8), List.of(now),
                        (held, next) -> Stream.concat(held.stream(), next.stream()).toList()));
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            return consumer;
        }

        void awaitAll(Set<String> acknowledged) {
            Set<String> expected = new HashSet<>(acknowledged);
            Await.until("the group consumed every acknowledged message (" + expected.size() + ")",
                    ReplicatedGroup.STARTUP, () -> byBody.keySet().containsAll(expected));
        }

        /**
         * For each message delivered after {@code nanos} that had been delivered before it too: how many ms before
         * {@code nanos} its last delivery before then was.
         */
        List<Long> againAfter(long nanos) {
            List<Long> before = new ArrayList<>();
            byBody.values().forEach(times -> {
                long lastBefore = times.stream().filter(time -> time < nanos).mapToLong(Long::longValue).max()
                        .orElse(nanos);
                if (lastBefore < nanos && times.stream().anyMatch(time -> time >= nanos)) {
                    before.add(TimeUnit.NANOSECONDS.toMillis(nanos - lastBefore));
                }
            });
            return before;
        }

        long count() {
            return byBody.values().stream().mapToLong(List::size).sum();
        }
    }
}
