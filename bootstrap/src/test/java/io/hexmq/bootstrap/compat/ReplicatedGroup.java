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
import java.util.Map;
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

/**
 * A NameServer and a replicated broker group as a user runs them, each {@code hexmq namesrv} or {@code hexmq
 * broker --config} with RocketMQ's DLedger settings in its own OS process, for the ITs that kill and restart
 * replicas. A replica is known by its index in {@code dLegerPeers}; it keeps its Raft port across restarts
 * (below the ephemeral range) and takes a new broker port each time.
 */
final class ReplicatedGroup implements AutoCloseable {

    static final String GROUP = "RaftNode00";
    static final String TOPIC = "ReplicatedTopic";
    static final int QUEUES = 4;
    static final Pattern BROKER_LISTENING = Pattern.compile("Broker " + GROUP + " of cluster .* listening on (\\S+)");
    static final Duration STARTUP = Duration.ofSeconds(180);
    private static final Pattern NAMESRV_LISTENING = Pattern.compile("NameServer listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final Pattern ROLE = Pattern.compile("Replica (n\\d) of group " + GROUP + " is now (\\w+)");
    /** A failed send is tried again this much later, so a producer without a master does not spin. */
    private static final long RETRY_PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final Path dir;
    private final LauncherProcess nameServer;
    private final String nameServerAddress;
    private final LauncherProcess[] replicas;
    private final List<LauncherProcess> started = new ArrayList<>();

    private ReplicatedGroup(Path dir, LauncherProcess nameServer, String nameServerAddress, int size) {
        this.dir = dir;
        this.nameServer = nameServer;
        this.nameServerAddress = nameServerAddress;
        this.replicas = new LauncherProcess[size];
    }

    /**
     * Starts a NameServer and {@code size} replicas on {@code store}, each with {@code settings} added to its
     * broker.conf, and waits until every replica listens.
     */
    static ReplicatedGroup start(Path dir, String store, int size, Map<String, String> settings) throws Exception {
        LauncherProcess nameServer = LauncherProcess.start(dir, "namesrv", "--listen", "127.0.0.1:0");
        String nameServerAddress;
        try {
            nameServerAddress = "127.0.0.1:" + awaitLine(nameServer, NAMESRV_LISTENING);
        } catch (AssertionError e) {
            nameServer.close();
            throw e;
        }
        ReplicatedGroup group = new ReplicatedGroup(dir, nameServer, nameServerAddress, size);
        try {
            String peers = peers(size);
            for (int i = 0; i < size; i++) {
                group.writeConf(i, store, peers, settings);
                group.restart(i);
            }
            for (int i = 0; i < size; i++) {
                group.address(i);
            }
        } catch (Exception | AssertionError e) {
            group.close();
            throw e;
        }
        return group;
    }

    String nameServerAddress() {
        return nameServerAddress;
    }

    /** The process of replica {@code index} started last (perhaps killed since). */
    LauncherProcess replica(int index) {
        return replicas[index];
    }

    int indexOf(LauncherProcess replica) {
        return List.of(replicas).indexOf(replica);
    }

    /** Starts replica {@code index} (again) on its files and broker.conf; returns once it is started. */
    LauncherProcess restart(int index) throws Exception {
        LauncherProcess replica = LauncherProcess.start(dir, "broker", "--config", conf(index).toString());
        started.add(replica);
        replicas[index] = replica;
        return replica;
    }

    /**
     * Starts replica {@code index} again and waits until it holds what the leader held when it rejoined (the
     * group may be writing meanwhile: equality at one instant would race the sends); returns its address.
     */
    String restartAndCatchUp(int index, MQClientAPIImpl api) throws Exception {
        restart(index);
        String restarted = address(index);
        int leader = awaitLeader();
        List<Long> leaderHeld = maxOffsets(api, address(leader));
        try {
            Await.until("the restarted replica holds what the leader held when it rejoined", STARTUP,
                    () -> reaches(maxOffsets(api, restarted), leaderHeld));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + ": the leader n" + leader + " held " + leaderHeld
                    + ", the restarted n" + index + " shows " + maxOffsets(api, restarted)
                    + "; the restarted replica's warnings:\n" + warnings(replicas[index])
                    + "\nthe leader's warnings:\n" + warnings(replicas[leader]), e);
        }
        return restarted;
    }

    /** The broker address replica {@code index} listens on, once it does. */
    String address(int index) {
        return awaitLine(replicas[index], BROKER_LISTENING);
    }

    /** The living replica whose last word on its role is LEADER. */
    int awaitLeader() {
        int[] leader = {-1};
        Await.until("a replica leads", STARTUP, () -> {
            for (int i = 0; i < replicas.length; i++) {
                if (replicas[i].isAlive() && lastRole(replicas[i]).equals("LEADER")) {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** A living replica other than the leader. */
    int aFollower() {
        int leader = awaitLeader();
        for (int i = 0; i < replicas.length; i++) {
            if (i != leader && replicas[i].isAlive()) {
                return i;
            }
        }
        throw new AssertionError("no living follower");
    }

    @Override
    public void close() {
        started.forEach(LauncherProcess::close);
        nameServer.close();
    }

    /**
     * The first group of {@code replica}'s first line matching {@code pattern}. Three brokers starting
     * their group's log at once on a busy machine may take longer than one launcher usually does.
     */
    static String awaitLine(LauncherProcess replica, Pattern pattern) {
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
            // a failed start ends with a long Guice trace: its cause is in the first lines that name one
            List<String> causes = output.stream().filter(line -> line.contains("ERROR") || line.contains("Exception"))
                    .limit(20).toList();
            throw new AssertionError(e.getMessage() + "; its first error lines:\n" + String.join("\n", causes)
                    + "\nits last lines:\n"
                    + String.join("\n", output.subList(Math.max(0, output.size() - 40), output.size())), e);
        }
        return found[0];
    }

    /**
     * Creates {@link #TOPIC} on the leader, once more while it does not answer in time: three replicas that have
     * just started on a busy machine may take longer than one call's 5 s to commit their first entry.
     */
    void createTopic(OfficialClients clients, DefaultMQProducer producer) {
        Await.until(TOPIC + " created on the leader", STARTUP, () -> {
            try {
                clients.createTopic(producer, address(awaitLeader()), TOPIC, QUEUES);
                return true;
            } catch (Exception notInTime) {
                return false;
            }
        });
    }

    /** Sends until {@code count} more sends were acknowledged; returns how many failed meanwhile. */
    static int sendUntil(DefaultMQProducer producer, Set<String> acknowledged, int count, Duration bound) {
        int target = acknowledged.size() + count;
        int failed = 0;
        long deadline = System.nanoTime() + bound.toNanos();
        while (acknowledged.size() < target) {
            assertThat(System.nanoTime()).as("%d acknowledged sends within %d s", target, bound.toSeconds())
                    .isLessThan(deadline);
            String body = "replicated-" + acknowledged.size() + "-" + failed + "-" + System.nanoTime();
            Message message = new Message(TOPIC, "T", body.getBytes(StandardCharsets.UTF_8));
            message.setKeys("key-" + acknowledged.size());
            try {
                SendResult result = producer.send(message);
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

    /** Each queue's max offset on the broker at {@code address}; -1 for a queue it did not answer for. */
    static List<Long> maxOffsets(MQClientAPIImpl api, String address) {
        List<Long> offsets = new ArrayList<>();
        for (int queue = 0; queue < QUEUES; queue++) {
            try {
                offsets.add(api.getMaxOffset(address, new MessageQueue(TOPIC, GROUP, queue), 3_000));
            } catch (Exception notYet) {
                offsets.add(-1L);
            }
        }
        return offsets;
    }

    /**
     * Waits (bounded) until {@code replica}, serving at {@code address}, shows {@code leader}'s max offsets on
     * every queue, the group at rest; names both and the replica's last lines if it does not.
     */
    static void awaitSameQueues(MQClientAPIImpl api, LauncherProcess replica, String address, String leader) {
        List<List<Long>> last = new ArrayList<>(List.of(List.of(), List.of()));
        try {
            Await.until("the replica at " + address + " ends with the leader's queues", STARTUP, () -> {
                last.set(0, maxOffsets(api, address));
                last.set(1, maxOffsets(api, leader));
                return last.get(0).equals(last.get(1));
            });
        } catch (AssertionError e) {
            List<String> output = replica.output();
            throw new AssertionError(e.getMessage() + ": it shows " + last.get(0) + ", the leader at " + leader + " "
                    + last.get(1) + "; its last lines:\n"
                    + String.join("\n", output.subList(Math.max(0, output.size() - 60), output.size())), e);
        }
    }

    /** Whether every queue's offset is at least {@code target}'s (a queue not answered yet is -1). */
    static boolean reaches(List<Long> offsets, List<Long> target) {
        for (int queue = 0; queue < target.size(); queue++) {
            if (offsets.get(queue) < target.get(queue) || offsets.get(queue) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * What the group serves, read until it holds {@code acknowledged} (bounded): it may hold more, since a
     * send that failed in the gap may still have been stored, as with any broker whose answer was lost. Read in
     * large batches, ticking off what is still missing, so tens of thousands of messages read within the bound.
     */
    static Set<String> readAll(OfficialClients clients, Set<String> acknowledged) throws Exception {
        DefaultLitePullConsumer reader = clients.litePullConsumer("cg-replicated-reader");
        reader.setAutoCommit(false);
        reader.setPullBatchSize(256);
        reader.start();
        reader.assign(queuesOf(reader));
        Set<String> served = new HashSet<>();
        Set<String> missing = new HashSet<>(acknowledged);
        try {
            Await.until("the group serves every acknowledged message", STARTUP, () -> {
                reader.poll(500).forEach(m -> {
                    String body = new String(m.getBody(), StandardCharsets.UTF_8);
                    served.add(body);
                    missing.remove(body);
                });
                return missing.isEmpty();
            });
        } catch (AssertionError notAll) {
            // the assertion on what was served names the missing messages
        }
        return served;
    }

    /** Every queue of {@link #TOPIC}, once {@code consumer}'s route shows them all. */
    static Set<MessageQueue> queuesOf(DefaultLitePullConsumer consumer) {
        Set<MessageQueue> queues = new HashSet<>();
        Await.until(TOPIC + " routed", () -> {
            try {
                queues.addAll(consumer.fetchMessageQueues(TOPIC));
                return queues.size() == QUEUES;
            } catch (Exception notYet) {
                return false;
            }
        });
        return queues;
    }

    /** The last warnings and errors a replica logged, where a replica that stays behind says why. */
    static String warnings(LauncherProcess replica) {
        List<String> lines = replica.output().stream()
                .filter(line -> line.contains("WARN") || line.contains("ERROR") || line.contains("INCONSISTENCY"))
                .toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    static String lastRole(LauncherProcess replica) {
        String role = "";
        for (String line : replica.output()) {
            Matcher matcher = ROLE.matcher(line);
            if (matcher.find()) {
                role = matcher.group(2);
            }
        }
        return role;
    }

    private Path conf(int index) {
        return dir.resolve("broker-n" + index + ".conf");
    }

    private void writeConf(int index, String store, String peers, Map<String, String> settings) throws Exception {
        List<String> lines = new ArrayList<>(List.of(
                "brokerClusterName=RaftCluster",
                "brokerName=" + GROUP,
                "namesrvAddr=" + nameServerAddress,
                "listenPort=0",
                "storeType=" + store,
                "storePathRootDir=" + dir.resolve("n" + index),
                "mappedFileSizeCommitLog=8388608",
                // the build machine's disk, not this test, decides how full it is
                "diskMaxUsedSpaceRatio=95",
                "enableDLegerCommitLog=true",
                "dLegerGroup=" + GROUP,
                "dLegerPeers=" + peers,
                "dLegerSelfId=n" + index));
        settings.forEach((key, value) -> lines.add(key + "=" + value));
        lines.add("");
        Files.writeString(conf(index), String.join("\n", lines));
    }

    private static String peers(int size) throws Exception {
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            peers.add("n" + i + "-127.0.0.1:" + RestartPorts.port());
        }
        return String.join(";", peers);
    }
}
