package io.hexmq.benchmarks.load;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Many client instances held connected at once, as {@link ConnectionHoldLoad} does with official clients,
 * but each emulated by {@link WireClient} on one selector thread ({@link WireLoop}): the official client brings a dozen
 * threads per instance, so one load JVM on a 2-core machine could not hold even 400 of them. Each
 * emulated instance has its own connections and client id and sends what the official client sends in its
 * steady state, framed by the official codec, so the server's cost per connection is what it would be.
 * Producers ({@code --producers}) heartbeat as group {@code scale_hold_producers} on topic {@code i %
 * --topics}; push consumers ({@code --consumers}) form groups of {@code --group-size}, group {@code g} on
 * topic {@code g % --topics}, and split its queues as the averaging allocation does. Once every instance
 * has connected and been answered once, it logs {@code holding ...}, then every minute what it was
 * answered, and holds them for {@code --hold-seconds}.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.WireClientsHoldLoad \
 *     --namesrv 127.0.0.1:19876 --producers 500 --consumers 500 --group-size 10 --topics 100 --hold-seconds 150
 * </pre>
 */
public final class WireClientsHoldLoad {

    private WireClientsHoldLoad() {
    }

    public static void main(String[] args) throws Exception {
        HoldOptions options = HoldOptions.parse(args);

        String pid = String.valueOf(ProcessHandle.current().pid());
        WireCounters counters = new WireCounters();
        List<WireClient> clients = new ArrayList<>();
        List<CompletableFuture<Void>> started = new ArrayList<>();
        WireLoop loop = new WireLoop();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < options.producers(); i++) {
                WireClient client = new WireClient("127.0.0.1@hold-p-" + i + "-" + pid, new WireClient.Role(
                        "scale_hold_producers", options.topic(i), false, 0, 1), counters);
                clients.add(client);
                started.add(client.start(loop, options.nameServer()));
            }
            for (int i = 0; i < options.consumers(); i++) {
                int group = i / options.groupSize();
                WireClient client = new WireClient("127.0.0.1@hold-c-" + i + "-" + pid, new WireClient.Role(
                        "scale_hold_cg_" + group, options.topic(group), true, i % options.groupSize(),
                        options.groupSize()), counters);
                clients.add(client);
                started.add(client.start(loop, options.nameServer()));
            }
            CompletableFuture.allOf(started.toArray(CompletableFuture[]::new)).get(10, TimeUnit.MINUTES);
            BenchReport.format("holding %d producers and %d push consumers (%d groups), %d connections, started in"
                    + " %.1f s; this JVM has %d threads", options.producers(), options.consumers(),
                    options.groups(), 2 * clients.size(), (System.nanoTime() - start) / 1e9,
                    ManagementFactory.getThreadMXBean().getThreadCount());
            for (int held = 0; held < options.holdSeconds(); held += 60) {
                int next = Math.min(held + 60, options.holdSeconds());
                TimeUnit.SECONDS.sleep(next - held);
                BenchReport.line("after " + next + " s: " + counters);
            }
        } finally {
            clients.forEach(WireClient::close);
            loop.close();
        }
    }
}
