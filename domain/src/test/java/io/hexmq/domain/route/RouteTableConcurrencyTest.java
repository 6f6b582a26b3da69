package io.hexmq.domain.route;

import static io.hexmq.domain.route.Registrations.master;
import static io.hexmq.domain.route.Registrations.slave;
import static io.hexmq.domain.route.Registrations.topic;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Writers register and unregister brokers while readers read; every snapshot a reader gets must satisfy
 * the table's invariants, and nothing may throw. Bounded by iteration counts, never by sleeping.
 */
class RouteTableConcurrencyTest {

    private static final int WRITERS = 4;
    private static final int READERS = 4;
    private static final int WRITES_PER_WRITER = 2_000;
    private static final List<TopicName> TOPICS = List.of(
            new TopicName("T0"), new TopicName("T1"), new TopicName("T2"), new TopicName("T3"));

    private final RouteTable table = new RouteTable();

    @Test
    void keepsInvariants_whileBrokersComeAndGoUnderConcurrentReads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean writing = new AtomicBoolean(true);
        try {
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                writers.add(pool.submit(writer(w, start)));
            }
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < READERS; r++) {
                readers.add(pool.submit(reader(start, writing)));
            }
            start.countDown();
            for (Future<Integer> writer : writers) {
                writer.get(60, TimeUnit.SECONDS);
            }
            writing.set(false);
            int routesSeen = 0;
            for (Future<Integer> reader : readers) {
                routesSeen += reader.get(60, TimeUnit.SECONDS);
            }
            assertThat(routesSeen).as("routes the readers saw while writers ran").isPositive();
        } finally {
            pool.shutdownNow();
        }

        // Every writer unregistered what it registered last, so nothing may be left behind.
        assertThat(table.clusterInfo().brokerAddrTable()).isEmpty();
        assertThat(table.clusterInfo().clusterAddrTable()).isEmpty();
        assertThat(table.topics()).isEmpty();
    }

    // Each writer owns two groups (master + slave each) so that its final cleanup is deterministic.
    private Callable<Integer> writer(int index, CountDownLatch start) {
        return () -> {
            start.await();
            SplittableRandom random = new SplittableRandom(index);
            String host = "10.0." + index + ".";
            String cluster = index % 2 == 0 ? "ClusterEven" : "ClusterOdd";
            for (int i = 0; i < WRITES_PER_WRITER; i++) {
                int g = random.nextInt(2);
                String group = "broker-" + index + "-" + g;
                Registrations registration = random.nextBoolean()
                        ? master(group, host + g)
                        : slave(group, host + (2 + g), 1);
                if (random.nextInt(3) == 0) {
                    table.unregister(new ClusterName(cluster), registration.brokerName(), registration.address());
                } else {
                    table.register(registration.cluster(cluster).version(i, i)
                            .topics(someTopics(random)).build(), i);
                }
            }
            for (int g = 0; g < 2; g++) {
                String group = "broker-" + index + "-" + g;
                table.unregister(new ClusterName(cluster), new BrokerName(group), master(group, host + g).address());
                table.unregister(new ClusterName(cluster), new BrokerName(group),
                        slave(group, host + (2 + g), 1).address());
            }
            return WRITES_PER_WRITER;
        };
    }

    private static TopicConfig[] someTopics(SplittableRandom random) {
        List<TopicConfig> configs = new ArrayList<>();
        for (TopicName topic : TOPICS) {
            if (random.nextBoolean()) {
                configs.add(topic(topic.value(), 1 + random.nextInt(8)));
            }
        }
        // Single-topic registrations are legitimately rejected at times; keep them in the mix.
        return configs.toArray(TopicConfig[]::new);
    }

    private Callable<Integer> reader(CountDownLatch start, AtomicBoolean writing) {
        return () -> {
            start.await();
            int routesSeen = 0;
            boolean once = false;
            while (writing.get() || !once) {
                for (TopicName topic : TOPICS) {
                    Optional<TopicRoute> route = table.route(topic);
                    if (route.isPresent()) {
                        assertConsistent(route.get());
                        routesSeen++;
                    }
                }
                assertConsistent(table.clusterInfo());
                assertThat(table.topics()).isSubsetOf(TOPICS);
                once = true;
            }
            return routesSeen;
        };
    }

    private static void assertConsistent(TopicRoute route) {
        assertThat(route.queueDatas()).isNotEmpty();
        Set<BrokerName> named = new HashSet<>();
        route.brokerDatas().forEach(data -> {
            assertThat(data.brokerAddrs()).isNotEmpty();
            assertThat(new HashSet<>(data.brokerAddrs().values())).hasSameSizeAs(data.brokerAddrs().values());
            named.add(data.brokerName());
        });
        assertThat(route.queueDatas()).allSatisfy(queueData -> assertThat(named).contains(queueData.brokerName()));
    }

    private static void assertConsistent(ClusterInfo info) {
        for (Map.Entry<ClusterName, Set<BrokerName>> cluster : info.clusterAddrTable().entrySet()) {
            assertThat(cluster.getValue()).isNotEmpty();
            assertThat(info.brokerAddrTable()).containsKeys(cluster.getValue().toArray(BrokerName[]::new));
        }
        assertThat(info.brokerAddrTable().values()).allSatisfy(data -> assertThat(data.brokerAddrs()).isNotEmpty());
    }
}
