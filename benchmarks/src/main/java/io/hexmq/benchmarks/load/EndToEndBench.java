package io.hexmq.benchmarks.load;

import io.hexmq.benchmarks.load.EndToEndSettings.SendMode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Produce and consume through a {@link ClientUnderTest} (the official Apache RocketMQ client, or the
 * hexmq SDK with {@code --client sdk}) against a running NameServer and its brokers (hexmq or Apache
 * RocketMQ): N producer threads sharing one producer, M push consumers in one fresh group, a fixed
 * warm-up and a fixed measured window.
 *
 * <p>The topic is created with the requested queue count on every master in the TBW102 route (through
 * the admin UPDATE_AND_CREATE_TOPIC request), so the consumers see it at once. Every body
 * starts with the producer's {@code System.nanoTime()}; producers and consumers share this JVM, so
 * the consumer reads end-to-end latency from it. Send latency is measured from before {@code send}
 * to its return (sync), its callback (async) or its return without a reply (oneway). The client
 * neither retries nor compresses, so every failure is counted and the broker sees the bytes asked for.
 *
 * <p>With {@code --backlog N} the run measures consumption alone: the producers send N messages (a few
 * more in async mode) with no consumer running, then the consumers of a fresh group start from the
 * queues' first messages, and the rate is the backlog over the time from its first consumed message to
 * its last, within {@code --seconds} (no warm-up: the backlog is the load).
 *
 * <p>Bounded in time: it stops by itself, and a watchdog ends the JVM if the client hangs. Exit code
 * 0 when every measured send succeeded and (with consumers) messages were consumed (in a backlog run:
 * all of them), else 1.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.hexmq.benchmarks.load.EndToEndBench \
 *     --namesrv 127.0.0.1:9876 --producers 4 --consumers 1 --size 1024 --seconds 30 --warmup 10 --mode sync
 * </pre>
 */
public final class EndToEndBench {

    /** How long a producer thread may take to stop: a sync send's timeout, twice. */
    private static final long PRODUCER_STOP_MILLIS = 20_000;
    private static final long DRAIN_MILLIS = 5_000;

    private final EndToEndSettings settings;
    private final String runId = Long.toString(System.currentTimeMillis(), 36);
    private final byte[] payload;
    private final LongAdder sent = new LongAdder();
    private final LongAdder notOk = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder consumed = new LongAdder();
    private final AtomicLong firstConsumedNanos = new AtomicLong();
    private volatile long lastConsumedNanos;
    private final Recorder sendLatency = new Recorder(3);
    private final Recorder endToEndLatency = new Recorder(3);
    private volatile boolean producing = true;
    private ClientUnderTest client;

    private EndToEndBench(EndToEndSettings settings) {
        this.settings = settings;
        // Random bytes: what a compressing client or disk would see from real payloads.
        this.payload = new byte[settings.size()];
        new Random(42).nextBytes(payload);
    }

    private static final String USAGE = "usage: bench [--namesrv HOST:PORT] [--topic NAME] [--producers N]"
            + " [--consumers N] [--size BYTES] [--seconds N] [--warmup N] [--mode sync|async|oneway] [--queues N]"
            + " [--in-flight N (async, per producer thread)] [--client official|sdk] [--backlog N]"
            + " [--pop true (with --backlog: the official consumer by POP, broker-side assignment)]";

    public static void main(String[] args) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            BenchReport.line(USAGE);
            System.exit(0);
            return;
        }
        EndToEndSettings settings;
        try {
            settings = EndToEndSettings.parse(args);
        } catch (IllegalArgumentException badCommandLine) {
            BenchReport.problem("bench: " + badCommandLine.getMessage());
            BenchReport.problem(USAGE);
            System.exit(1);
            return;
        }
        // A backlog is sent at a thousand messages a second at the very least.
        startWatchdog(settings.warmupSeconds() + settings.seconds() + 150L + settings.backlog() / 1_000);
        int exitCode;
        try {
            exitCode = new EndToEndBench(settings).run();
        } catch (Exception failure) {
            BenchReport.problem("bench failed: " + failure);
            exitCode = 1;
        }
        // The official client leaves non-daemon threads behind on some paths; the result is printed.
        System.exit(exitCode);
    }

    private static void startWatchdog(long seconds) {
        Thread watchdog = new Thread(() -> {
            try {
                TimeUnit.SECONDS.sleep(seconds);
                BenchReport.problem("bench: still running after " + seconds + " s; giving up");
                Runtime.getRuntime().halt(1);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "bench-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private int run() throws Exception {
        BenchReport.line(settings.describe());
        try (ClientUnderTest started = ClientUnderTest.of(settings, runId)) {
            client = started;
            int totalQueues = client.createTopic(settings.queues());
            if (settings.drainsABacklog()) {
                return drainBacklog();
            }
            for (int i = 0; i < settings.consumers(); i++) {
                client.startConsumer(this::consumed);
            }
            // Rebalancing takes a round trip per consumer; sending before it ends would inflate the first latencies.
            if (settings.consumers() > 0) {
                Await.until("all " + totalQueues + " queues assigned to the consumers",
                        () -> client.assignedQueues() == totalQueues);
            }
            Window window = measure();
            drain();
            report(window);
            return window.succeeded(settings.consumers() > 0) ? 0 : 1;
        } finally {
            producing = false;
        }
    }

    private void consumed(byte[] body) {
        long now = System.nanoTime();
        if (body != null && body.length >= EndToEndSettings.STAMP_BYTES) {
            endToEndLatency.recordValue(Math.max(0, now - ByteBuffer.wrap(body).getLong()));
        }
        firstConsumedNanos.compareAndSet(0, now);
        lastConsumedNanos = now;
        consumed.increment();
    }

    /** Sends the backlog, then times a fresh group consuming all of it; 0 when every message was sent and consumed. */
    private int drainBacklog() throws Exception {
        long sendStart = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.producers(); i++) {
            threads.add(new Thread(this::produce, "bench-producer-" + i));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        long backlog = sent.sum();
        BenchReport.format("backlog: %,d messages sent in %.1f s (%,d other status, %,d failed)",
                backlog, (System.nanoTime() - sendStart) / 1e9, notOk.sum(), failed.sum());
        for (int i = 0; i < settings.consumers(); i++) {
            client.startConsumer(this::consumed);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(settings.seconds());
        while (consumed.sum() < backlog && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        long count = consumed.sum();
        double seconds = (lastConsumedNanos - firstConsumedNanos.get()) / 1e9;
        double perSecond = count > 1 && seconds > 0 ? (count - 1) / seconds : 0;
        BenchReport.format("consumed: %,.0f msg/s, %.2f MB/s (%,d of %,d in %.2f s from the first to the"
                + " last)", perSecond, perSecond * settings.size() / 1e6, count, backlog, seconds);
        boolean ok = failed.sum() == 0 && notOk.sum() == 0 && count >= backlog && backlog > 0;
        BenchReport.line(ok ? "result: ok" : "result: FAILED");
        return ok ? 0 : 1;
    }

    private record Counts(long sent, long notOk, long failed, long consumed) {
    }

    private record Window(Counts before, Counts after, long nanos, Histogram send, Histogram endToEnd) {

        long delta(ToLongFunction<Counts> field) {
            return field.applyAsLong(after) - field.applyAsLong(before);
        }

        double perSecond(long count) {
            return count * 1e9 / nanos;
        }

        boolean succeeded(boolean consuming) {
            return delta(Counts::sent) > 0 && delta(Counts::failed) == 0 && delta(Counts::notOk) == 0
                    && (!consuming || delta(Counts::consumed) > 0);
        }
    }

    private Counts counts() {
        return new Counts(sent.sum(), notOk.sum(), failed.sum(), consumed.sum());
    }

    private Window measure() throws Exception {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < settings.producers(); i++) {
            threads.add(new Thread(this::produce, "bench-producer-" + i));
        }
        threads.forEach(Thread::start);
        TimeUnit.SECONDS.sleep(settings.warmupSeconds());
        sendLatency.reset();
        endToEndLatency.reset();
        Counts before = counts();
        long start = System.nanoTime();
        TimeUnit.SECONDS.sleep(settings.seconds());
        Counts after = counts();
        long nanos = System.nanoTime() - start;
        Histogram send = sendLatency.getIntervalHistogram();
        Histogram endToEnd = endToEndLatency.getIntervalHistogram();
        producing = false;
        for (Thread thread : threads) {
            thread.join(PRODUCER_STOP_MILLIS);
        }
        return new Window(before, after, nanos, send, endToEnd);
    }

    /** One producer thread: sends until told to stop; in async mode keeps at most {@code in-flight} sends open. */
    private void produce() {
        Semaphore inFlight = new Semaphore(settings.inFlight());
        while (producing && !backlogSent()) {
            byte[] body = stampedBody();
            long start = System.nanoTime();
            try {
                switch (settings.mode()) {
                    case SYNC -> completed(client.send(body), start);
                    case ONEWAY -> {
                        client.sendOneway(body);
                        completed(true, start);
                    }
                    case ASYNC -> {
                        inFlight.acquire();
                        client.sendAsync(body, new ClientUnderTest.SendOutcome() {
                            @Override
                            public void completed(boolean sendOk) {
                                EndToEndBench.this.completed(sendOk, start);
                                inFlight.release();
                            }

                            @Override
                            public void failed(Throwable failure) {
                                EndToEndBench.this.failed.increment();
                                inFlight.release();
                            }
                        });
                    }
                    default -> throw new IllegalStateException("unknown mode " + settings.mode());
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception failure) {
                failed.increment();
                if (settings.mode() == SendMode.ASYNC) {
                    inFlight.release();
                }
            }
        }
        if (settings.mode() == SendMode.ASYNC) {
            inFlight.acquireUninterruptibly(settings.inFlight());
        }
    }

    private byte[] stampedBody() {
        byte[] body = payload.clone();
        ByteBuffer.wrap(body).putLong(System.nanoTime());
        return body;
    }

    private void completed(boolean sendOk, long startNanos) {
        sendLatency.recordValue(System.nanoTime() - startNanos);
        if (sendOk) {
            sent.increment();
        } else {
            notOk.increment();
        }
    }

    /** In a backlog run, whether every message of the backlog has been sent (or has failed). */
    private boolean backlogSent() {
        return settings.drainsABacklog() && sent.sum() + notOk.sum() + failed.sum() >= settings.backlog();
    }

    /** Gives the consumers a moment to catch up, so that the report can say how far behind they were. */
    private void drain() throws InterruptedException {
        if (settings.consumers() == 0 || settings.mode() == SendMode.ONEWAY) {
            return;
        }
        long deadline = System.currentTimeMillis() + DRAIN_MILLIS;
        while (consumed.sum() < sent.sum() && System.currentTimeMillis() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }

    private void report(Window window) {
        long produced = window.delta(Counts::sent);
        long consumedInWindow = window.delta(Counts::consumed);
        double megabytes = settings.size() / 1e6;
        BenchReport.format("produced: %,.0f msg/s, %.2f MB/s (%,d SEND_OK, %,d other status, %,d failed)",
                window.perSecond(produced), window.perSecond(produced) * megabytes, produced,
                window.delta(Counts::notOk), window.delta(Counts::failed));
        if (settings.consumers() > 0) {
            BenchReport.format("consumed: %,.0f msg/s, %.2f MB/s (%,d)",
                    window.perSecond(consumedInWindow), window.perSecond(consumedInWindow) * megabytes,
                    consumedInWindow);
        }
        printLatency("send latency", window.send);
        if (settings.consumers() > 0) {
            printLatency("end-to-end latency", window.endToEnd);
            long behind = sent.sum() - consumed.sum();
            BenchReport.format("after a %d s drain: %,d sent messages not yet consumed%s",
                    DRAIN_MILLIS / 1000, Math.max(0, behind),
                    behind < 0 ? " (" + -behind + " consumed twice: redelivery)" : "");
        }
        BenchReport.line(window.succeeded(settings.consumers() > 0) ? "result: ok" : "result: FAILED");
    }

    private static void printLatency(String what, Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            BenchReport.line(what + ": no samples");
            return;
        }
        BenchReport.format("%s: p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms (%,d samples)",
                what, histogram.getValueAtPercentile(50) / 1e6, histogram.getValueAtPercentile(99) / 1e6,
                histogram.getValueAtPercentile(99.9) / 1e6, histogram.getMaxValue() / 1e6,
                histogram.getTotalCount());
    }
}
