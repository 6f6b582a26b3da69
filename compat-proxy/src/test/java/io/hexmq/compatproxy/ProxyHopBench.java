package io.hexmq.compatproxy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the proxy's hop costs a send: the same hexmq, the same topic, sync sends of 1 KiB from the same
 * number of threads, once with the official remoting client straight to the broker and once with the 5.x
 * gRPC client through the official proxy, alternated. Prints one line per run (throughput, latency, and the
 * CPU hexmq and the proxy spent per thousand messages), for BENCHMARKS.md.
 *
 * <p>Not a test: its name matches neither surefire pattern, so the build never runs it. Run it with
 * {@code mvn -B -pl compat-proxy -am verify -Dtest=ProxyHopBench -Dsurefire.failIfNoSpecifiedTests=false
 * -Dhop.producers=4 -Dhop.seconds=20 -Dhop.rounds=2}.
 */
class ProxyHopBench {

    private static final String TOPIC = "HopBench";
    private static final byte[] BODY = new byte[1024];

    @RegisterExtension
    static final HexmqBehindProxy PROXY = new HexmqBehindProxy();

    private final int producers = Integer.getInteger("hop.producers", 4);
    private final Duration measured = Duration.ofSeconds(Integer.getInteger("hop.seconds", 20));
    private final Duration warmUp = Duration.ofSeconds(Integer.getInteger("hop.warmup", 5));
    private final int rounds = Integer.getInteger("hop.rounds", 2);

    @Test
    void directSendsBesideProxiedSends() throws Exception {
        PROXY.servers().createTopic(TOPIC, "NORMAL", 8);
        System.out.println("| client | producers | msg/s | p50 ms | p99 ms | hexmq CPU ms per 1k msgs"
                + " | proxy CPU ms per 1k msgs | load 1 min |");
        for (int round = 0; round < rounds; round++) {
            System.out.println(direct().row());
            System.out.println(proxied().row());
        }
    }

    private Run direct() throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("pg-hop-direct-" + System.nanoTime());
        producer.setNamesrvAddr(PROXY.servers().nameServer());
        producer.setInstanceName(producer.getProducerGroup());
        producer.setSendMsgTimeout(10_000);
        producer.start();
        try {
            return measure("remoting, direct", () -> producer.send(new Message(TOPIC, BODY)));
        } finally {
            producer.shutdown();
        }
    }

    private Run proxied() throws Exception {
        try (GrpcClients clients = new GrpcClients(PROXY.servers().endpoint())) {
            Producer producer = clients.producer(TOPIC);
            return measure("gRPC, via proxy", () -> producer.send(clients.message(TOPIC).setBody(BODY).build()));
        }
    }

    private Run measure(String client, Send send) throws Exception {
        runFor(warmUp, send);
        String loadBefore = loadAverage();
        long hexmqCpu = PROXY.servers().hexmqCpu().toMillis();
        long proxyCpu = PROXY.servers().proxyCpu().toMillis();
        List<long[]> latencies = runFor(measured, send);
        return new Run(client, producers, measured, Arrays.stream(merge(latencies)).sorted().toArray(),
                PROXY.servers().hexmqCpu().toMillis() - hexmqCpu, PROXY.servers().proxyCpu().toMillis() - proxyCpu,
                loadBefore + " → " + loadAverage());
    }

    /** Each thread sends until the time is up and returns the nanoseconds each of its sends took. */
    private List<long[]> runFor(Duration duration, Send send) throws Exception {
        long end = System.nanoTime() + duration.toNanos();
        ExecutorService threads = Executors.newFixedThreadPool(producers);
        try {
            List<Future<long[]>> results = new ArrayList<>();
            for (int i = 0; i < producers; i++) {
                results.add(threads.submit(() -> {
                    long[] took = new long[1 << 16];
                    int count = 0;
                    while (System.nanoTime() < end) {
                        long start = System.nanoTime();
                        send.send();
                        if (count == took.length) {
                            took = Arrays.copyOf(took, count * 2);
                        }
                        took[count++] = System.nanoTime() - start;
                    }
                    return Arrays.copyOf(took, count);
                }));
            }
            List<long[]> latencies = new ArrayList<>();
            for (Future<long[]> result : results) {
                latencies.add(result.get());
            }
            return latencies;
        } finally {
            threads.shutdownNow();
        }
    }

    private static long[] merge(List<long[]> parts) {
        return parts.stream().flatMapToLong(Arrays::stream).toArray();
    }

    private static String loadAverage() throws Exception {
        return Files.readString(Path.of("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ")[0];
    }

    private interface Send {
        void send() throws Exception;
    }

    private record Run(String client, int producers, Duration measured, long[] sortedNanos, long hexmqCpuMillis,
                       long proxyCpuMillis, String load) {

        String row() {
            double perThousand = 1000.0 / sortedNanos.length;
            return String.format(Locale.ROOT, "| %s | %d | %,.0f | %.2f | %.2f | %.0f | %.0f | %s |", client, producers,
                    sortedNanos.length / (double) measured.toSeconds(), percentile(0.50), percentile(0.99),
                    hexmqCpuMillis * perThousand, proxyCpuMillis * perThousand, load);
        }

        private double percentile(double p) {
            return sortedNanos[(int) Math.min(sortedNanos.length - 1, Math.floor(p * sortedNanos.length))] / 1e6;
        }
    }
}
