package io.hexmq.benchmarks.load;

import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.bootstrap.NameServerNode;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Route lookups per second against one NameServer over loopback: N connections, each keeping a
 * fixed number of GET_ROUTEINFO_BY_TOPIC requests in flight, for a fixed time. Latency is recorded
 * per request in an HdrHistogram. Starts its own NameServer unless {@code --namesrv HOST:PORT} is given.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.RouteLookupLoad \
 *     --connections 8 --in-flight 16 --seconds 20 --topics 1000
 * </pre>
 */
public final class RouteLookupLoad {

    private RouteLookupLoad() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = Options.parse(args);
        int connections = Integer.parseInt(options.getOrDefault("connections", "8"));
        int inFlight = Integer.parseInt(options.getOrDefault("in-flight", "16"));
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "20"));
        int warmupSeconds = Integer.parseInt(options.getOrDefault("warmup", "5"));
        int topics = Integer.parseInt(options.getOrDefault("topics", "1000"));

        NameServerNode node = null;
        String address = options.get("namesrv");
        Path dataDir = Files.createTempDirectory("hexmq-route-bench");
        if (address == null) {
            node = NameServerNode.start(NameServerConfig.from(RawConfig.of(Map.of(
                    "listenPort", "0", "kvConfigPath", dataDir.resolve("kv.json").toString()))));
            address = node.address().toString();
        }
        List<NettyRemotingClient> clients = new ArrayList<>();
        try {
            NettyRemotingClient registrar = new NettyRemotingClient(NettyClientSettings.defaults());
            clients.add(registrar);
            RemotingCommand registered = registrar.invokeSync(address, registration(topics), 10_000);
            if (registered.code() != ResponseCode.SUCCESS) {
                throw new IllegalStateException("registration failed: " + registered.remark());
            }
            for (int i = 0; i < connections; i++) {
                clients.add(new NettyRemotingClient(NettyClientSettings.defaults()));
            }
            Run warmup = run(address, clients.subList(1, clients.size()), inFlight, topics, warmupSeconds);
            Run measured = run(address, clients.subList(1, clients.size()), inFlight, topics, seconds);
            BenchReport.format("warmup: %d lookups in %d s", warmup.completed, warmupSeconds);
            report(measured, connections, inFlight, topics, seconds);
        } finally {
            clients.forEach(NettyRemotingClient::close);
            if (node != null) {
                node.close();
            }
        }
    }

    /** What one measured run saw: lookups answered, lookups failed, and the latency of each. */
    record Run(long completed, long failed, Histogram latency) {
    }

    /** Lookups of random topics {@code Topic_0 .. Topic_<topics-1>} on every client, {@code inFlight} each. */
    static Run run(String address, List<NettyRemotingClient> clients, int inFlight, int topics, int seconds)
            throws InterruptedException {
        Recorder recorder = new Recorder(3);
        AtomicLong completed = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        for (NettyRemotingClient client : clients) {
            for (int i = 0; i < inFlight; i++) {
                lookup(address, client, topics, recorder, completed, failed, running);
            }
        }
        TimeUnit.SECONDS.sleep(seconds);
        running.set(false);
        return new Run(completed.get(), failed.get(), recorder.getIntervalHistogram());
    }

    /** One request; its completion issues the next, so each connection keeps {@code inFlight} requests busy. */
    private static void lookup(String address, NettyRemotingClient client, int topics, Recorder recorder,
                               AtomicLong completed, AtomicLong failed, AtomicBoolean running) {
        if (!running.get()) {
            return;
        }
        String topic = "Topic_" + ThreadLocalRandom.current().nextInt(topics);
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC)
                .extField("topic", topic).build();
        long start = System.nanoTime();
        CompletableFuture<RemotingCommand> response = client.invokeAsync(address, request, 5_000);
        response.whenComplete((reply, error) -> {
            if (running.get()) {
                recorder.recordValue(System.nanoTime() - start);
                if (error == null && reply.code() == ResponseCode.SUCCESS) {
                    completed.incrementAndGet();
                } else {
                    failed.incrementAndGet();
                }
            }
            lookup(address, client, topics, recorder, completed, failed, running);
        });
    }

    private static void report(Run run, int connections, int inFlight, int topics, int seconds) {
        Histogram latency = run.latency;
        BenchReport.format("route lookups: %d connections x %d in flight, %d topics, %d s",
                connections, inFlight, topics, seconds);
        BenchReport.format("throughput: %.0f lookups/s (%d ok, %d failed)",
                run.completed / (double) seconds, run.completed, run.failed);
        BenchReport.format("latency: p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms",
                latency.getValueAtPercentile(50) / 1e6, latency.getValueAtPercentile(99) / 1e6,
                latency.getValueAtPercentile(99.9) / 1e6, latency.getMaxValue() / 1e6);
    }

    /** A REGISTER_BROKER request as a RocketMQ broker sends it, with {@code topics} topics of 8 queues. */
    private static RemotingCommand registration(int topics) {
        StringBuilder table = new StringBuilder();
        for (int t = 0; t < topics; t++) {
            if (t > 0) {
                table.append(',');
            }
            table.append("\"Topic_").append(t).append("\":{\"topicName\":\"Topic_").append(t)
                    .append("\",\"readQueueNums\":8,\"writeQueueNums\":8,\"perm\":6,")
                    .append("\"topicFilterType\":\"SINGLE_TAG\",\"topicSysFlag\":0,\"order\":false}");
        }
        String body = "{\"filterServerList\":[],\"topicConfigSerializeWrapper\":{\"dataVersion\":"
                + "{\"counter\":1,\"stateVersion\":0,\"timestamp\":" + System.currentTimeMillis() + "},"
                + "\"topicConfigTable\":{" + table + "}}}";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return RemotingCommand.request(RequestCode.REGISTER_BROKER)
                .extField("brokerName", "bench-broker")
                .extField("brokerAddr", "127.0.0.1:10911")
                .extField("clusterName", "DefaultCluster")
                .extField("haServerAddr", "127.0.0.1:10912")
                .extField("brokerId", 0L)
                .extField("compressed", false)
                .extField("bodyCrc32", crc.getValue() & 0x7FFFFFFFL)
                .body(bytes)
                .build();
    }
}
