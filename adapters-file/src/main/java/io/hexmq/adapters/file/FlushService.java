package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one flush thread. Under {@link FlushDiskType#ASYNC_FLUSH} it forces the commit log every
 * {@code flushIntervalCommitLog} ms. Under {@link FlushDiskType#SYNC_FLUSH} appenders wake it and wait
 * until the flushed offset covers theirs: one force serves every append written before it (group
 * commit). Every {@code flushIntervalConsumeQueue} ms it also flushes the consume queues and writes the
 * checkpoint.
 */
final class FlushService {

    private static final Logger LOG = LoggerFactory.getLogger(FlushService.class);

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final Dispatcher dispatcher;
    private final Checkpoint checkpoint;
    private final Clock clock;
    private final boolean sync;
    private final long commitLogIntervalNanos;
    private final long consumeQueueIntervalNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final Condition flushed = lock.newCondition();
    private final Thread thread;
    private volatile boolean stopped;

    FlushService(CommitLog commitLog, ConsumeQueueTable queues, Dispatcher dispatcher, Checkpoint checkpoint,
                 Clock clock, FileStoreSettings settings) {
        this.commitLog = commitLog;
        this.queues = queues;
        this.dispatcher = dispatcher;
        this.checkpoint = checkpoint;
        this.clock = clock;
        this.sync = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH;
        this.commitLogIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalCommitLog());
        this.consumeQueueIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalConsumeQueue());
        this.thread = new Thread(this::loop, "hexmq-store-flush");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Stops the thread and waits for it; the caller does the final flush. */
    void stop() {
        stopped = true;
        lock.lock();
        try {
            work.signalAll();
            flushed.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits (group commit) until the commit log is flushed up to {@code offset}; false on timeout or
     * when the service stops first.
     */
    boolean awaitFlushed(long offset, long timeoutMillis) {
        if (commitLog.flushedOffset() >= offset) {
            return true;
        }
        long remaining = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        lock.lock();
        try {
            work.signal();
            while (commitLog.flushedOffset() < offset) {
                if (remaining <= 0 || stopped) {
                    return false;
                }
                remaining = flushed.awaitNanos(remaining);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return commitLog.flushedOffset() >= offset;
        } finally {
            lock.unlock();
        }
    }

    /** Flushes consume queues and records a checkpoint; also called at shutdown. */
    void checkpointNow() {
        long dispatched = dispatcher.dispatchedOffset();
        queues.flushAll();
        long commitLogFlushed = commitLog.flush();
        checkpoint.write(commitLogFlushed, Math.min(dispatched, commitLogFlushed), clock.millis());
    }

    private void loop() {
        long nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
        while (!stopped) {
            try {
                waitForWork(nextCheckpoint);
                if (stopped) {
                    break;
                }
                commitLog.flush();
                signalFlushed();
                if (System.nanoTime() - nextCheckpoint >= 0) {
                    checkpointNow();
                    nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
                }
            } catch (RuntimeException e) {
                // keep flushing: one failed force must not leave every later append unflushed
                LOG.error("store flush failed", e);
            }
        }
    }

    private void waitForWork(long nextCheckpoint) {
        lock.lock();
        try {
            long wait = Math.min(commitLogIntervalNanos, Math.max(0, nextCheckpoint - System.nanoTime()));
            if (sync) {
                while (!stopped && commitLog.writtenOffset() <= commitLog.flushedOffset() && wait > 0) {
                    wait = work.awaitNanos(wait);
                }
            } else if (wait > 0 && !stopped) {
                work.awaitNanos(wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = true;
        } finally {
            lock.unlock();
        }
    }

    private void signalFlushed() {
        lock.lock();
        try {
            flushed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
