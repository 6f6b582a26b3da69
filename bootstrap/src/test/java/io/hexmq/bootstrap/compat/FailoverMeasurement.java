package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BENCHMARKS.md's failover figures, not part of the build's tests (its name is no {@code *IT}; run it with
 * {@code -Dtest=FailoverMeasurement}): a three-replica group on the file store under sync sends from
 * {@value #PRODUCER_THREADS} producer threads, its leader killed with kill -9 {@code failover.kills} times
 * (10 by default), each killed replica started again and caught up before the next kill. For each kill: the
 * time to the first acknowledged send after it and how many sends failed in between. The figures go to the
 * file named by {@code failover.report} (default {@code target/failover-measurement.txt}).
 */
class FailoverMeasurement {

    private static final int PRODUCER_THREADS = 4;
    private static final int ROUTE_REFRESH_MILLIS = 500;
    private static final int SENDS_BETWEEN_KILLS = 200;
    private static final Duration GAP_BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void measuresTheGapAfterEachKillOfTheLeader() throws Exception {
        int kills = Integer.getInteger("failover.kills", 10);
        Path report = Path.of(System.getProperty("failover.report", "target/failover-measurement.txt"));
        List<Long> gaps = new ArrayList<>();
        List<Integer> failedInGap = new ArrayList<>();
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, "file", 3, Map.of());
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            int leader = group.awaitLeader();
            DefaultMQProducer producer = clients.producer("pg-failover-measurement");
            producer.setPollNameServerInterval(ROUTE_REFRESH_MILLIS);
            producer.setSendMsgTimeout(3_000);
            clients.createTopic(producer, group.address(leader), TOPIC, ReplicatedGroup.QUEUES);
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            try (ContinuousSends sends = new ContinuousSends(producer, acknowledged, PRODUCER_THREADS)) {
                for (int kill = 0; kill < kills; kill++) {
                    sends.awaitMore(SENDS_BETWEEN_KILLS, GAP_BOUND);
                    leader = group.awaitLeader();
                    int failedBefore = sends.failed();
                    group.replica(leader).kill();
                    long killedAt = System.nanoTime();
                    sends.awaitMore(1, GAP_BOUND);
                    gaps.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt));
                    failedInGap.add(sends.failed() - failedBefore);
                    group.restart(leader);
                    String restarted = group.address(leader);
                    List<Long> leaderHeld = ReplicatedGroup.maxOffsets(api, group.address(group.awaitLeader()));
                    Await.until("the restarted replica holds what the leader held", ReplicatedGroup.STARTUP,
                            () -> ReplicatedGroup.reaches(ReplicatedGroup.maxOffsets(api, restarted), leaderHeld));
                }
            }
        }
        List<Long> sorted = gaps.stream().sorted().toList();
        long median = (sorted.get((sorted.size() - 1) / 2) + sorted.get(sorted.size() / 2)) / 2;
        String summary = String.format("kills %d, route refresh %d ms, %d producer threads: gap ms %s (median %d,"
                        + " max %d); failed sends in each gap %s%n", kills, ROUTE_REFRESH_MILLIS, PRODUCER_THREADS,
                gaps, median, sorted.get(sorted.size() - 1), failedInGap);
        Files.writeString(report, summary);
        System.out.print(summary);
        assertThat(gaps).hasSize(kills);
    }
}
