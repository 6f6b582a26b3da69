package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.QUEUES;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.HostLocks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A follower killed with kill -9 while its group writes on far past the snapshot threshold, so the leader
 * purges the log it would need: started again, it catches up by installing the leader's store files and
 * then by the log, and serves pulls byte for byte as the leader does, from consume queues and a key index
 * that agree with its log. Once per storage backend.
 */
@ResourceLock(HostLocks.REPLICATED_GROUP)
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class FollowerCatchUpIT {

    @Parameter
    String store;

    private static final Pattern INSTALLED = Pattern.compile("(installed the leader's store files up to log entry .*)");
    /** A snapshot every 20 entries and the smallest log segments, so the leader purges while the follower is down. */
    private static final Map<String, String> PURGING_EARLY = Map.of("groupSnapshotThreshold", "20",
            "groupLogSegmentSize", "16384");
    private static final int SENDS_BEFORE_KILL = 20;
    private static final int SENDS_WHILE_DOWN = 300;
    private static final int SENDS_AFTER_RESTART = 20;

    @TempDir
    Path dir;

    @Test
    void catchesUpByTheLeadersFiles_andThenTheLog_andServesThePullsAndKeysTheLeaderDoes() throws Exception {
        try (ReplicatedGroup group = ReplicatedGroup.start(dir, store, 3, PURGING_EARLY);
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            DefaultMQProducer producer = clients.producer("pg-catch-up");
            producer.setSendMsgTimeout(3_000);
            group.createTopic(clients, producer);
            Set<String> acknowledged = new HashSet<>();
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_BEFORE_KILL, Duration.ofSeconds(60));

            int follower = group.aFollower();
            group.replica(follower).kill();
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_WHILE_DOWN, Duration.ofSeconds(90));
            group.restart(follower);
            String caughtUp = group.address(follower);
            String installed = ReplicatedGroup.awaitLine(group.replica(follower), INSTALLED);
            ReplicatedGroup.sendUntil(producer, acknowledged, SENDS_AFTER_RESTART, Duration.ofSeconds(60));

            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            String leading = group.address(group.awaitLeader());
            ReplicatedGroup.awaitSameQueues(api, group.replica(follower), caughtUp, leading);
            assertThat(installed).as("how the follower caught up").isNotEmpty();
            long total = 0;
            for (int queue = 0; queue < QUEUES; queue++) {
                ReplicaReads.Pulled fromLeader = ReplicaReads.pullAllAgreeing(api, leading, queue);
                ReplicaReads.Pulled fromFollower =
                        ReplicaReads.pullAllAgreeing(api, caughtUp, queue);
                assertThat(fromFollower.offsets()).as("queue %d's offsets on the follower", queue)
                        .isEqualTo(fromLeader.offsets());
                assertThat(fromFollower.bytes()).as("queue %d's records on the follower", queue)
                        .isEqualTo(fromLeader.bytes());
                total += fromFollower.offsets().size();
            }
            assertThat(total).isGreaterThanOrEqualTo(acknowledged.size());
            for (int sent : new int[] {0, SENDS_BEFORE_KILL + SENDS_WHILE_DOWN / 2, acknowledged.size() - 1}) {
                // At least once: a send that timed out after it was stored, then retried, stores its key twice.
                assertThat(ReplicaReads.bodiesByKey(api, caughtUp, "key-" + sent))
                        .as("found by key-%d on the follower", sent).isNotEmpty()
                        .isEqualTo(ReplicaReads.bodiesByKey(api, leading, "key-" + sent));
            }
        }
    }
}
