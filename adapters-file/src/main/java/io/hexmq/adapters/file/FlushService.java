package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.commitlog.GroupCommit;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.FlushDiskType;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one flush thread. Under {@link FlushDiskType#ASYNC_FLUSH} it forces the commit log every
 * {@code flushIntervalCommitLog} ms. Under {@link FlushDiskType#SYNC_FLUSH} it also wakes as soon as an
 * appender asks through the commit log's {@link GroupCommit} and forces everything written by then: one
 * force releases every appender it covers (group commit), and those that arrive during it are served by
 * the next. Every {@code flushIntervalConsumeQueue} ms it also flushes the consume queues and writes the
 * checkpoint; that flush of the commit log releases the waiters it covers too.
 */
final class FlushService {

    private static final Logger LOG = LoggerFactory.getLogger(FlushService.class);

    private final CommitLog commitLog;
    private final GroupCommit groupCommit;
    private final ConsumeQueueTable queues;
    private final MessageIndex index;
    private final Dispatcher dispatcher;
    private final Checkpoint checkpoint;
    private final Clock clock;
    private final long commitLogIntervalNanos;
    private final long consumeQueueIntervalNanos;
    private final Thread thread;
    private volatile boolean stopped;

    FlushService(CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index, Dispatcher dispatcher,
                 Checkpoint checkpoint, Clock clock, FileStoreSettings settings) {
        this.commitLog = commitLog;
        this.groupCommit = commitLog.groupCommit();
        this.queues = queues;
        this.index = index;
        this.dispatcher = dispatcher;
        this.checkpoint = checkpoint;
        this.clock = clock;
        this.commitLogIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalCommitLog());
        this.consumeQueueIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalConsumeQueue());
        this.thread = new Thread(this::loop, "hexmq-store-flush");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Stops the thread and waits for it, releasing appenders still waiting; the caller does the final flush. */
    void stop() {
        stopped = true;
        groupCommit.close();
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
        return groupCommit.awaitFlushed(offset, TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
    }

    /** Flushes consume queues and the key index and records a checkpoint; also called at shutdown. */
    void checkpointNow() {
        long dispatched = dispatcher.dispatchedOffset();
        queues.flushAll();
        index.flush();
        long commitLogFlushed = commitLog.flush();
        checkpoint.write(commitLogFlushed, Math.min(dispatched, commitLogFlushed), clock.millis());
    }

    private void loop() {
        long nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
        while (!stopped) {
            try {
                long untilCheckpoint = Math.max(0, nextCheckpoint - System.nanoTime());
                // returns early only when an appender asks, which happens only under SYNC_FLUSH
                groupCommit.awaitRequest(Math.min(commitLogIntervalNanos, untilCheckpoint));
                if (stopped) {
                    break;
                }
                commitLog.flush();
                if (System.nanoTime() - nextCheckpoint >= 0) {
                    checkpointNow();
                    nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            } catch (RuntimeException e) {
                // keep flushing: one failed force must not leave every later append unflushed
                LOG.error("store flush failed", e);
            }
        }
    }
}
