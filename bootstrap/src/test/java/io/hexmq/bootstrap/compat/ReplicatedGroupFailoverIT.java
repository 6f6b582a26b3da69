package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.HostLocks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replicated broker group as a user runs one ({@link ReplicatedGroup}): a NameServer and three replicas,
 * driven by the official producer from several threads sending synchronously all along. The leader is
 * killed with kill -9 five times in a row, the killed replica started again on its files before the next
 * kill; the producers go on against each new master once their route refresh shows it. Afterwards every
 * acknowledged message is read back through the final leader. At rest, every replica (the last one started
 * again included) ends with the leader's queues, byte for byte, and its consume queues and key index agree with
 * its log: each queue runs from offset 0 to its end with no hole, each record pulled at an offset is that
 * queue's and offset's, and every acknowledged message is found by its key. Once per storage backend.
 */
@ResourceLock(HostLocks.REPLICATED_GROUP)
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class ReplicatedGroupFailoverIT {

    @Parameter
    String store;

    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedGroupFailoverIT.class);
    private static final int KILLS = 5;
    private static final int PRODUCER_THREADS = 3;
    private static final int SENDS_BETWEEN_KILLS = 20;
    private static final Duration GAP_BOUND = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void readsBackEveryAcknowledgedMessage_afterFiveKillsOfTheLeaderDuringSyncSends_andTheKilledOnesRejoin()
            throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, store, 3, Map.of());
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            DefaultMQProducer producer = clients.producer("pg-replicated");
            producer.setPollNameServerInterval(500);
            producer.setSendMsgTimeout(3_000);
            group.createTopic(clients, producer);
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();

            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            List<Long> gapsMillis = new ArrayList<>();
            int rejoined = -1;
            try (ContinuousSends sends = new ContinuousSends(producer, acknowledged, PRODUCER_THREADS)) {
                for (int kill = 0; kill < KILLS; kill++) {
                    sends.awaitMore(SENDS_BETWEEN_KILLS, GAP_BOUND);
                    int leader = group.awaitLeader();
                    group.replica(leader).kill();
                    long killedAt = System.nanoTime();
                    sends.awaitMore(1, GAP_BOUND);
                    gapsMillis.add(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt));
                    rejoined = leader;
                    group.restartAndCatchUp(rejoined, api);
                }
                sends.awaitMore(SENDS_BETWEEN_KILLS, GAP_BOUND);
            }
            LOG.info("Failover ({} store): the first send after each of {} kills of the leader was acknowledged {} ms"
                    + " after it ({} producer threads, route refresh every 500 ms, {} acknowledged in all)", store, KILLS,
                    gapsMillis, PRODUCER_THREADS, acknowledged.size());

            assertThat(gapsMillis).as("ms from each kill to the first acknowledged send after it")
                    .hasSize(KILLS).allSatisfy(gap -> assertThat(gap).isLessThan(GAP_BOUND.toMillis()));
            assertThat(ReplicatedGroup.readAll(clients, acknowledged))
                    .as("what the final leader serves of %d acknowledged messages", acknowledged.size())
                    .containsAll(acknowledged);
            // At rest every replica, the last one started again included, ends with the final leader's queues,
            // and its consume queues and key index agree with its log.
            int finalLeader = group.awaitLeader();
            String leaderAddress = group.address(finalLeader);
            for (int replica = 0; replica < 3; replica++) {
                ReplicatedGroup.awaitSameQueues(api, group.replica(replica), group.address(replica), leaderAddress);
            }
            List<ReplicaReads.Pulled> leaderQueues = ReplicaReads.pullEveryQueueAgreeing(api, leaderAddress);
            for (int replica = 0; replica < 3; replica++) {
                String address = group.address(replica);
                List<ReplicaReads.Pulled> queues = ReplicaReads.pullEveryQueueAgreeing(api, address);
                for (int queue = 0; queue < ReplicatedGroup.QUEUES; queue++) {
                    assertThat(queues.get(queue).bytes()).as("queue %d's records on replica %d", queue, replica)
                            .isEqualTo(leaderQueues.get(queue).bytes());
                }
                Set<String> bodies = new HashSet<>();
                queues.forEach(pulled -> bodies.addAll(pulled.bodies()));
                assertThat(bodies).as("what replica %d's queues hold", replica).containsAll(acknowledged);
                Map<String, List<String>> byKey = ReplicaReads.bodiesByKeys(api, address, acknowledged);
                // a send whose answer was lost in a kill may have been stored twice, by the client's own retry
                assertThat(acknowledged).as("acknowledged messages replica %d finds by their key", replica)
                        .allSatisfy(body -> assertThat(byKey.get(body)).as("found by key %s", body)
                                .isNotEmpty().containsOnly(body));
            }

            // The official client heartbeats to every broker of the group, slaves included: a follower
            // answers SUCCESS (sendHeartbeat throws otherwise) for a group it has never seen.
            String follower = group.address(rejoined == group.awaitLeader() ? group.aFollower() : rejoined);
            String leading = group.address(group.awaitLeader());
            api.sendHeartbeat(follower,
                    ConsumerHeartbeats.of("replicated-follower-client", "cg-replicated-new-on-follower", TOPIC),
                    3_000);
            assertThat(api.getBrokerRuntimeInfo(follower, 3_000).getTable())
                    .containsEntry("replicaRole", "FOLLOWER").containsKeys("replicaTerm", "replicaLag");
            assertThat(api.getBrokerRuntimeInfo(leading, 3_000).getTable())
                    .containsEntry("replicaRole", "LEADER").containsEntry("replicaLag", "0");
        }
    }

}
