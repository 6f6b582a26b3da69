package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.LauncherProcess;
import io.hexmq.bootstrap.RestartPorts;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replicated broker group as a user runs one: a NameServer and three replicas, each {@code hexmq broker
 * --config} with RocketMQ's DLedger settings in its own OS process, driven by the official producer. The
 * leader is killed with kill -9 in the middle of synchronous sends; the producer goes on against the new
 * master once its route refresh shows it, and every acknowledged message is read back from the group. The
 * killed replica is then started again on its files and rejoins: it ends with the leader's queues. Once per
 * storage backend.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class ReplicatedGroupFailoverIT {

    @Parameter
    String store;

    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedGroupFailoverIT.class);
    private static final String GROUP = "RaftNode00";
    private static final String TOPIC = "ReplicatedTopic";
    private static final Pattern NAMESRV_LISTENING = Pattern.compile("NameServer listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern BROKER_LISTENING = Pattern.compile("Broker " + GROUP + " of cluster .* listening on (\\S+)");
    private static final Pattern ROLE = Pattern.compile("Replica (n\\d) of group " + GROUP + " is now (\\w+)");
    private static final int REPLICAS = 3;
    private static final int SENDS_BEFORE_KILL = 100;
    private static final int SENDS_AFTER_KILL = 100;
    private static final int SENDS_AFTER_RESTART = 20;
    private static final Duration STARTUP = Duration.ofSeconds(180);
    /** A failed send is tried again this much later, so a producer without a master does not spin. */
    private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    @TempDir
    Path dir;

    @Test
    void readsBackEveryAcknowledgedMessage_afterTheLeaderIsKilledDuringSyncSends_andTheKilledOneRejoins()
            throws Exception {
        List<LauncherProcess> replicas = new ArrayList<>();
        try (LauncherProcess nameServer = LauncherProcess.start(dir, "namesrv", "--listen", "127.0.0.1:0")) {
            String nameServerAddress = "127.0.0.1:" + nameServer.awaitLine(NAMESRV_LISTENING);
            String peers = peers();
            for (int i = 0; i < REPLICAS; i++) {
                replicas.add(LauncherProcess.start(dir, "broker", "--config",
                        brokerConf(i, peers, nameServerAddress).toString()));
            }
            for (LauncherProcess replica : replicas) {
                awaitLine(replica, BROKER_LISTENING);
            }
            try (OfficialClients clients = new OfficialClients(nameServerAddress)) {
                LauncherProcess leader = awaitLeader(replicas, Optional.empty());
                DefaultMQProducer producer = clients.producer("pg-replicated");
                producer.setPollNameServerInterval(500);
                producer.setSendMsgTimeout(3_000);
                clients.createTopic(producer, awaitLine(leader, BROKER_LISTENING), TOPIC, 4);

                Set<String> acknowledged = new HashSet<>();
                sendUntil(producer, acknowledged, SENDS_BEFORE_KILL, Duration.ofSeconds(60));
                leader.kill();
                long killedAt = System.nanoTime();
                int failedInGap = sendUntil(producer, acknowledged, 1, Duration.ofSeconds(60));
                long gapMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
                sendUntil(producer, acknowledged, SENDS_AFTER_KILL - 1, Duration.ofSeconds(60));
                LauncherProcess newLeader = awaitLeader(replicas, Optional.of(leader));
                LOG.info("Failover: the first send after the kill of the leader was acknowledged {} ms after it,"
                        + " {} sends failed in between (route refresh every 500 ms)", gapMillis, failedInGap);

                assertThat(gapMillis).as("ms from the kill to the first acknowledged send (%d sends failed"
                        + " meanwhile)", failedInGap).isLessThan(30_000);
                assertThat(readAll(clients, acknowledged)).as("what the group serves after the failover")
                        .containsAll(acknowledged);

                // Restarted, the old leader replays its log over a store that already holds most of it: it
                // must end with the leader's queues, no entry applied twice, none missing.
                LauncherProcess restarted = LauncherProcess.start(dir, "broker", "--config",
                        dir.resolve("broker-n" + replicas.indexOf(leader) + ".conf").toString());
                replicas.add(restarted);
                String rejoined = awaitLine(restarted, BROKER_LISTENING);
                sendUntil(producer, acknowledged, SENDS_AFTER_RESTART, Duration.ofSeconds(60));
                MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
                String leading = awaitLine(newLeader, BROKER_LISTENING);
                Await.until("the restarted replica's queues end where the leader's do", STARTUP,
                        () -> maxOffsets(api, rejoined).equals(maxOffsets(api, leading)));
                assertThat(maxOffsets(api, rejoined).stream().mapToLong(Long::longValue).sum())
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
        } finally {
            replicas.forEach(LauncherProcess::close);
        }
    }

    /** Each queue's max offset on the broker at {@code address}; -1 for a queue it did not answer for. */
    private static List<Long> maxOffsets(MQClientAPIImpl api, String address) {
        List<Long> offsets = new ArrayList<>();
        for (int queue = 0; queue < 4; queue++) {
            try {
                offsets.add(api.getMaxOffset(address, new MessageQueue(TOPIC, GROUP, queue), 3_000));
            } catch (Exception notYet) {
                offsets.add(-1L);
            }
        }
        return offsets;
    }

    /** Sends until {@code count} more sends were acknowledged; returns how many failed meanwhile. */
    private static int sendUntil(DefaultMQProducer producer, Set<String> acknowledged, int count, Duration bound) {
        int target = acknowledged.size() + count;
        int failed = 0;
        long deadline = System.nanoTime() + bound.toNanos();
        while (acknowledged.size() < target) {
            assertThat(System.nanoTime()).as("%d acknowledged sends within %d s", target, bound.toSeconds())
                    .isLessThan(deadline);
            String body = "replicated-" + acknowledged.size() + "-" + failed + "-" + System.nanoTime();
            try {
                SendResult result = producer.send(new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8)));
                if (result.getSendStatus() == SendStatus.SEND_OK) {
                    acknowledged.add(body);
                } else {
                    failed++;
                }
            } catch (Exception noMasterYet) {
                failed++;
                LockSupport.parkNanos(RETRY_PAUSE_NANOS);
            }
        }
        return failed;
    }

    /**
     * What the group serves, read until it holds {@code acknowledged} (bounded): it may hold more, since a
     * send that failed in the gap may still have been stored, as with any broker whose answer was lost.
     */
    private static Set<String> readAll(OfficialClients clients, Set<String> acknowledged) throws Exception {
        DefaultLitePullConsumer reader = clients.litePullConsumer("cg-replicated-reader");
        reader.setAutoCommit(false);
        reader.start();
        Set<MessageQueue> queues = new HashSet<>();
        Await.until(TOPIC + " routed", () -> {
            try {
                queues.addAll(reader.fetchMessageQueues(TOPIC));
                return queues.size() == 4;
            } catch (Exception notYet) {
                return false;
            }
        });
        reader.assign(queues);
        Set<String> served = new HashSet<>();
        try {
            Await.until("the group serves every acknowledged message", () -> {
                reader.poll(500).forEach(m -> served.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return served.containsAll(acknowledged);
            });
        } catch (AssertionError notAll) {
            // the assertion on what was served names the missing messages
        }
        return served;
    }

    /**
     * The first group of {@code replica}'s first line matching {@code pattern}. Three brokers starting
     * their group's log at once on a busy machine may take longer than one launcher usually does.
     */
    private static String awaitLine(LauncherProcess replica, Pattern pattern) {
        String[] found = new String[1];
        try {
            Await.until("a line matching " + pattern, STARTUP, () -> {
                for (String line : replica.output()) {
                    Matcher matcher = pattern.matcher(line);
                    if (matcher.find()) {
                        found[0] = matcher.group(1);
                        return true;
                    }
                }
                if (!replica.isAlive()) {
                    throw new AssertionError("the replica exited before a line matching " + pattern);
                }
                return false;
            });
        } catch (AssertionError e) {
            List<String> output = replica.output();
            throw new AssertionError(e.getMessage() + "; its last lines:\n"
                    + String.join("\n", output.subList(Math.max(0, output.size() - 40), output.size())), e);
        }
        return found[0];
    }

    /** The replica whose last word on its role is LEADER, other than {@code not}. */
    private static LauncherProcess awaitLeader(List<LauncherProcess> replicas, Optional<LauncherProcess> not) {
        LauncherProcess[] leader = new LauncherProcess[1];
        Await.until("a replica leads", STARTUP, () -> {
            for (LauncherProcess replica : replicas) {
                if (not.map(replica::equals).orElse(false)) {
                    continue;
                }
                if (lastRole(replica).equals("LEADER")) {
                    leader[0] = replica;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    private static String lastRole(LauncherProcess replica) {
        String role = "";
        for (String line : replica.output()) {
            Matcher matcher = ROLE.matcher(line);
            if (matcher.find()) {
                role = matcher.group(2);
            }
        }
        return role;
    }

    private Path brokerConf(int index, String peers, String nameServer) throws Exception {
        Path conf = dir.resolve("broker-n" + index + ".conf");
        Files.writeString(conf, String.join("\n",
                "brokerClusterName=RaftCluster",
                "brokerName=" + GROUP,
                "namesrvAddr=" + nameServer,
                "listenPort=0",
                "storeType=" + store,
                "storePathRootDir=" + dir.resolve("n" + index),
                "mappedFileSizeCommitLog=8388608",
                // the build machine's disk, not this test, decides how full it is
                "diskMaxUsedSpaceRatio=95",
                "enableDLegerCommitLog=true",
                "dLegerGroup=" + GROUP,
                "dLegerPeers=" + peers,
                "dLegerSelfId=n" + index,
                ""));
        return conf;
    }

    private static String peers() throws Exception {
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < REPLICAS; i++) {
            peers.add("n" + i + "-127.0.0.1:" + RestartPorts.port());
        }
        return String.join(";", peers);
    }

}
