package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replicated broker group as a user runs one ({@link ReplicatedGroup}): a NameServer and three replicas,
 * driven by the official producer. The leader is killed with kill -9 in the middle of synchronous sends; the
 * producer goes on against the new master once its route refresh shows it, and every acknowledged message is
 * read back from the group. The killed replica is then started again on its files and rejoins: it ends with
 * the leader's queues. Once per storage backend.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class ReplicatedGroupFailoverIT {

    @Parameter
    String store;

    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedGroupFailoverIT.class);
    private static final int SENDS_BEFORE_KILL = 100;
    private static final int SENDS_AFTER_KILL = 100;
    private static final int SENDS_AFTER_RESTART = 20;

    @TempDir
    Path dir;

    @Test
    void readsBackEveryAcknowledgedMessage_afterTheLeaderIsKilledDuringSyncSends_andTheKilledOneRejoins()
            throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, store, 3, Map.of());
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            int leader = group.awaitLeader();
            DefaultMQProducer producer = clients.producer("pg-replicated");
            producer.setPollNameServerInterval(500);
            producer.setSendMsgTimeout(3_000);
            clients.createTopic(producer, group.address(leader), TOPIC, ReplicatedGroup.QUEUES);

            Set<String> acknowledged = new HashSet<>();
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_BEFORE_KILL, Duration.ofSeconds(60));
            group.replica(leader).kill();
            long killedAt = System.nanoTime();
            int failedInGap = ReplicatedGroup.sendUntil(producer, acknowledged, 1, Duration.ofSeconds(60));
            long gapMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_AFTER_KILL - 1, Duration.ofSeconds(60));
            int newLeader = group.awaitLeader();
            LOG.info("Failover: the first send after the kill of the leader was acknowledged {} ms after it,"
                    + " {} sends failed in between (route refresh every 500 ms)", gapMillis, failedInGap);

            assertThat(gapMillis).as("ms from the kill to the first acknowledged send (%d sends failed"
                    + " meanwhile)", failedInGap).isLessThan(30_000);
            assertThat(ReplicatedGroup.readAll(clients, acknowledged)).as("what the group serves after the failover")
                    .containsAll(acknowledged);

            // Restarted, the old leader replays its log over a store that already holds most of it: it
            // must end with the leader's queues, no entry applied twice, none missing.
            group.restart(leader);
            String rejoined = group.address(leader);
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_AFTER_RESTART, Duration.ofSeconds(60));
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            String leading = group.address(newLeader);
            Await.until("the restarted replica's queues end where the leader's do", ReplicatedGroup.STARTUP,
                    () -> ReplicatedGroup.maxOffsets(api, rejoined).equals(ReplicatedGroup.maxOffsets(api, leading)));
            assertThat(ReplicatedGroup.maxOffsets(api, rejoined).stream().mapToLong(Long::longValue).sum())
                    .isGreaterThanOrEqualTo(acknowledged.size());

            // The official client heartbeats to every broker of the group, slaves included: a follower
            // answers SUCCESS (sendHeartbeat throws otherwise) for a group it has never seen.
            api.sendHeartbeat(rejoined,
                    ConsumerHeartbeats.of("replicated-follower-client", "cg-replicated-new-on-follower", TOPIC),
                    3_000);
            assertThat(api.getBrokerRuntimeInfo(rejoined, 3_000).getTable())
                    .containsEntry("replicaRole", "FOLLOWER").containsKeys("replicaTerm", "replicaLag");
            assertThat(api.getBrokerRuntimeInfo(leading, 3_000).getTable())
                    .containsEntry("replicaRole", "LEADER").containsEntry("replicaLag", "0");
        }
    }
}
