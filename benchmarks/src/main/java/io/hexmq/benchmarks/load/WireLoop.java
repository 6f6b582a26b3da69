package io.hexmq.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One selector thread for every {@link WireConnection}, and one timer thread for the clients' periods: the
 * load side of thousands of connections in two threads. Plain NIO, since Netty stays at the network edge
 * of hexmq itself (the architecture rules); the frames are the official client's own.
 */
final class WireLoop implements AutoCloseable {

    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "wire-timers");
        thread.setDaemon(true);
        return thread;
    });
    private final Thread thread;
    private volatile boolean running = true;

    WireLoop() {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        thread = new Thread(this::run, "wire-selector");
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code task} on the selector thread, which owns every channel's registration and buffers. */
    void execute(Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /** Runs {@code task} on the selector thread after {@code delayMillis}. */
    void schedule(Runnable task, long delayMillis) {
        timers.schedule(() -> execute(task), delayMillis, TimeUnit.MILLISECONDS);
    }

    void scheduleAtFixedRate(Runnable task, long firstDelayMillis, long periodMillis) {
        timers.scheduleAtFixedRate(() -> execute(task), firstDelayMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    Selector selector() {
        return selector;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        timers.shutdownNow();
        selector.wakeup();
        thread.join(TimeUnit.SECONDS.toMillis(10));
    }

    private void run() {
        try (Selector owned = selector) {
            while (running) {
                owned.select(1_000);
                for (Runnable task; (task = tasks.poll()) != null; ) {
                    task.run();
                }
                Iterator<SelectionKey> ready = owned.selectedKeys().iterator();
                while (ready.hasNext()) {
                    SelectionKey key = ready.next();
                    ready.remove();
                    ((WireConnection) key.attachment()).ready(key);
                }
            }
        } catch (IOException e) {
            BenchReport.problem("the wire selector failed: " + e);
        }
    }
}
