package io.hexmq.bootstrap.compat;

import static io.hexmq.bootstrap.compat.ReplicatedGroup.GROUP;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.QUEUES;
import static io.hexmq.bootstrap.compat.ReplicatedGroup.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.HostLocks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replicated group's leader cut off from both followers by the network ({@link NamespacedGroup}) while the
 * official producer sends from several threads and this test's clients still reach every replica. Sends
 * made to the old leader itself after the cut are never acknowledged; the two followers elect a new leader
 * that takes the producers' sends; after the heal the old leader follows again, there is one history (every
 * acknowledged message is served, none of the old leader's unacknowledged sends is) and the old leader's
 * pulls are the new leader's, byte for byte. Once per storage backend.
 */
@ResourceLock(HostLocks.REPLICATED_GROUP)
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class LeaderPartitionIT {

    @Parameter
    String store;

    private static final Logger LOG = LoggerFactory.getLogger(LeaderPartitionIT.class);
    private static final int PRODUCER_THREADS = 3;
    private static final int SENDS_PER_STEP = 20;
    private static final Duration STEP_BOUND = Duration.ofSeconds(60);
    private static final long PROBE_TIMEOUT_MILLIS = 3_000;
    private static final long PROBE_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @TempDir
    Path dir;

    @Test
    void acknowledgesNothingOnTheCutOffLeader_whileTheMajorityElectsANewOne_andAfterTheHealHasOneHistory()
            throws Exception {
        try (NamespacedGroup group = NamespacedGroup.start(dir, store);
             OfficialClients clients = new OfficialClients(group.nameServerAddress())) {
            int old = group.awaitLeaderOtherThan(-1);
            DefaultMQProducer producer = clients.producer("pg-partition");
            producer.setPollNameServerInterval(500);
            producer.setSendMsgTimeout(3_000);
            clients.createTopic(producer, group.address(old), TOPIC, QUEUES);
            MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            String oldLeader = group.address(old);

            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            Probes probes = new Probes();
            int next;
            try (ContinuousSends sends = new ContinuousSends(producer, acknowledged, PRODUCER_THREADS)) {
                sends.awaitMore(SENDS_PER_STEP, STEP_BOUND);
                group.network().isolate(old);
                long cutAt = System.nanoTime();
                // Until the majority's new leader has taken sends, ask the old one directly all along.
                int elected = -1;
                int target = -1;
                long deadline = System.nanoTime() + STEP_BOUND.toNanos();
                while (target < 0 || acknowledged.size() < target) {
                    assertThat(System.nanoTime()).as("a new leader taking sends within %s", STEP_BOUND)
                            .isLessThan(deadline);
                    probes.sendTo(api, oldLeader);
                    if (elected < 0) {
                        elected = leaderOtherThan(group, old);
                        if (elected >= 0) {
                            LOG.info("n{} leads {} ms after the cut", elected,
                                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cutAt));
                            target = acknowledged.size() + SENDS_PER_STEP;
                        }
                    }
                }
                next = elected;
                group.network().heal();
                Await.until("the old leader n" + old + " follows again", STEP_BOUND,
                        () -> group.roleOf(old).equals("FOLLOWER"));
                sends.awaitMore(SENDS_PER_STEP, STEP_BOUND);
            }
            LOG.info("Partition: {} probes of the cut-off leader, {} acknowledged; {} sends acknowledged by the group",
                    probes.sent.size(), probes.acknowledged, acknowledged.size());

            assertThat(probes.sent).as("sends made to the cut-off leader").isNotEmpty();
            assertThat(probes.acknowledged).as("sends the cut-off leader acknowledged").isZero();
            assertThat(next).isNotEqualTo(old);

            int leader = group.awaitLeaderOtherThan(-1);
            String leading = group.address(leader);
            int follower = leader == old ? next : old;
            String rejoined = group.address(follower);
            try {
                Await.until("n" + follower + "'s queues end where the leader's do", ReplicatedGroup.STARTUP,
                        () -> ReplicatedGroup.maxOffsets(api, rejoined).equals(ReplicatedGroup.maxOffsets(api, leading)));
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + ": the leader n" + leader + " shows "
                        + ReplicatedGroup.maxOffsets(api, leading) + ", n" + follower + " shows "
                        + ReplicatedGroup.maxOffsets(api, rejoined) + "; " + group.warningsOfAll(), e);
            }
            Set<String> served = ReplicatedGroup.readAll(clients, acknowledged);
            assertThat(served).as("what the group serves of %d acknowledged messages", acknowledged.size())
                    .containsAll(acknowledged)
                    .doesNotContainAnyElementsOf(probes.sent);
            for (int queue = 0; queue < QUEUES; queue++) {
                ReplicaReads.Pulled fromLeader = ReplicaReads.pullAllAgreeing(api, leading, queue);
                ReplicaReads.Pulled fromOld = ReplicaReads.pullAllAgreeing(api, rejoined, queue);
                assertThat(fromOld.offsets()).as("queue %d's offsets on n%d", queue, follower)
                        .isEqualTo(fromLeader.offsets());
                assertThat(fromOld.bytes()).as("queue %d's records on n%d", queue, follower)
                        .isEqualTo(fromLeader.bytes());
            }
        }
    }

    private static int leaderOtherThan(NamespacedGroup group, int not) {
        for (int i = 0; i < NamespacedGroup.SIZE; i++) {
            if (i != not && group.roleOf(i).equals("LEADER")) {
                return i;
            }
        }
        return -1;
    }

    /** Sends straight to one broker, bypassing routes: what each carried, and how many were acknowledged. */
    private static final class Probes {

        private final Set<String> sent = new HashSet<>();
        private int acknowledged;

        void sendTo(MQClientAPIImpl api, String address) {
            String body = "probe-" + sent.size() + "-" + System.nanoTime();
            sent.add(body);
            try {
                Message message = new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
                SendResult result = api.sendMessage(address, GROUP, message, SilentNameServerIT.sendHeader(TOPIC),
                        PROBE_TIMEOUT_MILLIS, CommunicationMode.SYNC, null, null);
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    acknowledged++;
                }
            } catch (Exception refusedOrTimedOut) {
                LockSupport.parkNanos(PROBE_PAUSE_NANOS);
            }
        }
    }
}
