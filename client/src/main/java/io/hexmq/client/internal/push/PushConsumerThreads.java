package io.hexmq.client.internal.push;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.internal.instance.BackgroundTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads of one push consumer, and whether it has stopped. One rebalance thread runs every step
 * that waits on a broker (routes, member lists, start offsets, locks), so that rebalances, offset
 * resets and lock renewals never overlap; the consume pool calls the listener. Delays and periodic
 * work use the client's scheduler, which outlives the consumer: {@link #stop()} cancels the periodic
 * tasks, and a delayed task finds the consumer stopped when it runs.
 *
 * <p>After {@link #stop()} every task handed in is dropped: whoever gets the queue next consumes its
 * messages again.
 */
final class PushConsumerThreads {

    private static final Logger LOG = LoggerFactory.getLogger(PushConsumerThreads.class);
    private static final long CLOSE_GRACE_MILLIS = 10_000;

    private final String group;
    private final ScheduledExecutorService scheduler;
    private final ExecutorService rebalanceThread;
    private final ExecutorService consumePool;
    private final List<ScheduledFuture<?>> periodic = new ArrayList<>();
    private final AtomicBoolean stopped = new AtomicBoolean();

    PushConsumerThreads(String group, int consumeThreads, ScheduledExecutorService scheduler) {
        this(group, Executors.newSingleThreadExecutor(BackgroundTasks.daemonThreads("hexmq-consumer-rebalance-" + group)),
                Executors.newFixedThreadPool(consumeThreads, BackgroundTasks.daemonThreads("hexmq-consumer-" + group)),
                scheduler);
    }

    /** On these executors, which {@link #stop()} shuts down (all but the client's {@code scheduler}). */
    PushConsumerThreads(String group, ExecutorService rebalanceThread, ExecutorService consumePool,
                        ScheduledExecutorService scheduler) {
        this.group = group;
        this.rebalanceThread = rebalanceThread;
        this.consumePool = consumePool;
        this.scheduler = scheduler;
    }

    boolean isStopped() {
        return stopped.get();
    }

    void onRebalanceThread(Runnable task) {
        try {
            rebalanceThread.execute(BackgroundTasks.loggingFailures(LOG, "Consumer rebalance", task));
        } catch (RejectedExecutionException stopping) {
            // stopped: nothing more to do
        }
    }

    /** Unwrapped, unlike the other tasks: once per message, and the consume services catch listener failures. */
    void onConsumeThread(Runnable task) {
        try {
            consumePool.execute(task);
        } catch (RejectedExecutionException stopping) {
            // stopped: the message is consumed again by whoever gets the queue next
        }
    }

    /**
     * Runs {@code task} on the consume pool and completes with its value; fails at once when the consumer
     * has stopped, so that whoever waits for the answer is not left waiting.
     */
    <T> CompletableFuture<T> supplyOnConsumeThread(Supplier<T> task) {
        try {
            return CompletableFuture.supplyAsync(task, consumePool);
        } catch (RejectedExecutionException stopping) {
            return CompletableFuture.failedFuture(new HexmqClientException(HexmqClientException.CLIENT_ERROR,
                    "the consumer of group " + group + " has stopped"));
        }
    }

    void later(Runnable task, long delayMillis) {
        if (stopped.get()) {
            return;
        }
        try {
            scheduler.schedule(BackgroundTasks.loggingFailures(LOG, "Consumer delayed task", task), delayMillis,
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // the client is closing
        }
    }

    /** Runs {@code task} every {@code periodMillis} until {@link #stop()}. */
    void every(Runnable task, long periodMillis) {
        ScheduledFuture<?> future = scheduler.scheduleWithFixedDelay(task, periodMillis, periodMillis,
                TimeUnit.MILLISECONDS);
        synchronized (periodic) {
            periodic.add(future);
        }
    }

    /**
     * Takes no more tasks, waits (bounded) for the running ones, then interrupts listener calls that are
     * still running; false when already stopped.
     */
    boolean stop() {
        if (!stopped.compareAndSet(false, true)) {
            return false;
        }
        synchronized (periodic) {
            periodic.forEach(task -> task.cancel(false));
        }
        rebalanceThread.shutdown();
        consumePool.shutdown();
        try {
            rebalanceThread.awaitTermination(CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            if (!consumePool.awaitTermination(CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                LOG.warn("Listener calls of group {} still running after {} ms; interrupting them", group,
                        CLOSE_GRACE_MILLIS);
                consumePool.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            rebalanceThread.shutdownNow();
            consumePool.shutdownNow();
        }
        return true;
    }
}
