package io.hexmq.benchmarks.load;

import io.hexmq.adapters.netty.broker.NettyNameServerGateway;
import io.hexmq.adapters.netty.broker.RegisterBrokerEncoding;
import io.hexmq.bootstrap.NameServerNode;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.FrameLayout;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * How the NameServer's cost grows with the brokers and topics registered with it. For each count of
 * brokers and topics a fresh in-process NameServer (the real node), the brokers registering one after
 * the other through the broker's own gateway, every broker hosting the same topics (as a topic created
 * on a whole cluster is), then route lookups of random topics on {@code --connections} connections,
 * and the heap the route table keeps (heap used after GC, against the same before registering).
 * Then one broker with {@code --big-topics} topics registering compressed and split, with the bytes it
 * sent on the wire.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.NameServerScaleLoad \
 *     --brokers 1,10,100 --topics 1000,10000 --connections 64 --in-flight 1 --seconds 10 --warmup 3 \
 *     --big-topics 100000
 * </pre>
 */
public final class NameServerScaleLoad {

    private static final ClusterName CLUSTER = new ClusterName("DefaultCluster");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private NameServerScaleLoad() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = Options.parse(args);
        int[] brokerCounts = counts(options.getOrDefault("brokers", "1,10,100"));
        int[] topicCounts = counts(options.getOrDefault("topics", "1000,10000"));
        int connections = Integer.parseInt(options.getOrDefault("connections", "64"));
        int inFlight = Integer.parseInt(options.getOrDefault("in-flight", "1"));
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "10"));
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "3"));
        int bigTopics = Integer.parseInt(options.getOrDefault("big-topics", "100000"));

        // Class loading and the JIT would otherwise land on the first row.
        scalePoint(1, 1_000, connections, inFlight, Math.max(1, warmup), 1, false);
        BenchReport.line("| brokers | topics each | registration, all brokers | per broker | lookups/s | p50 | p99 | heap kept |");
        BenchReport.line("|---|---|---|---|---|---|---|---|");
        for (int topics : topicCounts) {
            for (int brokers : brokerCounts) {
                scalePoint(brokers, topics, connections, inFlight, seconds, warmup, true);
            }
        }
        BenchReport.line("");
        BenchReport.line("| one broker, " + bigTopics + " topics | requests | registration | bytes sent |");
        BenchReport.line("|---|---|---|---|");
        bigBroker("default (compressed: JSON would pass the frame)", RegisterBrokerEncoding.defaults(), bigTopics);
        bigBroker("compressedRegister=true", new RegisterBrokerEncoding(true, false, 800,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH), bigTopics);
        bigBroker("enableSplitRegistration=true, splitRegistrationSize=800", new RegisterBrokerEncoding(false, true,
                800, FrameLayout.DEFAULT_MAX_FRAME_LENGTH), bigTopics);
        bigBroker("enableSplitRegistration=true, splitRegistrationSize=10000", new RegisterBrokerEncoding(false, true,
                10_000, FrameLayout.DEFAULT_MAX_FRAME_LENGTH), bigTopics);
        bigBroker("both, splitRegistrationSize=10000", new RegisterBrokerEncoding(true, true, 10_000,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH), bigTopics);
    }

    private static void scalePoint(int brokers, int topics, int connections, int inFlight, int seconds, int warmup,
            boolean report) throws Exception {
        Path dataDir = Files.createTempDirectory("hexmq-ns-scale");
        try (NameServerNode node = NameServerNode.start(NameServerConfig.from(RawConfig.of(Map.of(
                "listenPort", "0", "kvConfigPath", dataDir.resolve("kv.json").toString()))))) {
            String address = node.address().toString();
            long heapBefore = heapAfterGc();
            // The brokers stay connected while clients look up routes: a closed connection unregisters them.
            NettyRemotingClient brokerClient = new NettyRemotingClient(NettyClientSettings.defaults());
            List<NettyRemotingClient> clients = new ArrayList<>();
            try {
                NettyNameServerGateway gateway = new NettyNameServerGateway(brokerClient, List.of(address), TIMEOUT,
                        NettyNameServerGateway.DEFAULT_HEARTBEAT_TIMEOUT);
                long registrationNanos = 0;
                for (int b = 0; b < brokers; b++) {
                    NameServerRegistration registration = registration(b, topics, "Topic_");
                    long start = System.nanoTime();
                    requireSuccess(gateway.register(registration));
                    registrationNanos += System.nanoTime() - start;
                }
                long heapKept = heapAfterGc() - heapBefore;
                for (int i = 0; i < connections; i++) {
                    clients.add(new NettyRemotingClient(NettyClientSettings.defaults()));
                }
                RouteLookupLoad.run(address, clients, inFlight, topics, warmup);
                RouteLookupLoad.Run run = RouteLookupLoad.run(address, clients, inFlight, topics, seconds);
                if (!report) {
                    return;
                }
                BenchReport.format("| %d | %,d | %.0f ms | %.1f ms | %,.0f | %.2f ms | %.2f ms | %.1f MiB |",
                        brokers, topics, registrationNanos / 1e6, registrationNanos / 1e6 / brokers,
                        run.completed() / (double) seconds, run.latency().getValueAtPercentile(50) / 1e6,
                        run.latency().getValueAtPercentile(99) / 1e6, heapKept / (1024.0 * 1024.0));
                if (run.failed() > 0) {
                    BenchReport.problem(run.failed() + " lookups failed");
                }
            } finally {
                clients.forEach(NettyRemotingClient::close);
                brokerClient.close();
            }
        }
    }

    private static void bigBroker(String mode, RegisterBrokerEncoding encoding, int topics) throws Exception {
        Path dataDir = Files.createTempDirectory("hexmq-ns-big");
        try (NameServerNode node = NameServerNode.start(NameServerConfig.from(RawConfig.of(Map.of(
                "listenPort", "0", "kvConfigPath", dataDir.resolve("kv.json").toString()))));
             WireByteCounter wire = new WireByteCounter(node.address().toString())) {
            NettyRemotingClient client = new NettyRemotingClient(NettyClientSettings.defaults());
            try {
                NettyNameServerGateway gateway = new NettyNameServerGateway(client, List.of(wire.address()), TIMEOUT,
                        NettyNameServerGateway.DEFAULT_HEARTBEAT_TIMEOUT, encoding);
                NameServerRegistration registration = registration(0, topics, "big-topic-");
                // The first registration pays for class loading and JIT; the second is the one measured.
                requireSuccess(gateway.register(registration));
                wire.takeSentBytes();
                NameServerRegistration again = new NameServerRegistration(registration.broker(),
                        new DataVersion(registration.dataVersion().timestamp(), 2, 0), registration.topicConfigs());
                long start = System.nanoTime();
                requireSuccess(gateway.register(again));
                long nanos = System.nanoTime() - start;
                long requests = requests(topics, encoding);
                BenchReport.format("| %s | %d | %.0f ms | %,d |", mode, requests, nanos / 1e6, wire.takeSentBytes());
            } finally {
                client.close();
            }
        }
    }

    /** How many requests the settings make of {@code topics} topics that all fit once compressed. */
    private static long requests(int topics, RegisterBrokerEncoding encoding) {
        int size = encoding.splitRegistrationSize();
        return encoding.enableSplitRegistration() && topics >= size ? (topics + size - 1) / size : 1;
    }

    private static NameServerRegistration registration(int broker, int topics, String prefix) {
        BrokerIdentity identity = new BrokerIdentity(CLUSTER, new BrokerName("broker-" + broker), BrokerId.MASTER,
                new BrokerAddress("10.0." + broker / 250 + "." + (broker % 250 + 1) + ":10911"),
                new BrokerAddress("10.0." + broker / 250 + "." + (broker % 250 + 1) + ":10912"));
        List<TopicConfig> configs = IntStream.range(0, topics)
                .mapToObj(t -> TopicConfig.of(new TopicName(prefix + t), 8, 8, Permission.READ_WRITE))
                .toList();
        return new NameServerRegistration(identity, new DataVersion(System.currentTimeMillis(), 1, 0), configs);
    }

    private static void requireSuccess(RegistrationOutcome outcome) {
        if (!outcome.failures().isEmpty()) {
            throw new IllegalStateException("registration failed: " + outcome.failures());
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static int[] counts(String list) {
        return Arrays.stream(list.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
    }
}
