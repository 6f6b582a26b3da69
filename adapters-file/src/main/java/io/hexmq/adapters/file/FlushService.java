package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.GroupCommit;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one flush thread. Under {@link FlushDiskType#ASYNC_FLUSH} it forces the commit log every
 * {@code flushIntervalCommitLog} ms. Under {@link FlushDiskType#SYNC_FLUSH} it also wakes as soon as an
 * append leaves a waiter in the commit log's {@link GroupCommit} ({@link #whenFlushed}) and forces
 * everything written by then: one force completes the stage of every append it covers (group commit), and
 * those that arrive during it are served by the next; after each attempt it times out the waiters whose
 * {@code syncFlushTimeout} passed. Every {@code flushIntervalConsumeQueue} ms it also flushes the consume
 * queues and writes the checkpoint; that flush of the commit log completes the waiters it covers too.
 *
 * <p>The key index is forced with every tenth second's checkpoint only (and at shutdown), and a checkpoint
 * records the dispatched offset read before the index's last force, so a crash re-dispatches at most about
 * ten seconds of log (consume-queue entries are re-dispatched idempotently, the index trimmed first). Why
 * not every second: a force cleans the pages it writes, and the next insert into each of them takes a
 * write-protect fault; the index's hash slots are spread over its whole slot table, so every second each
 * slot page an insert touched faulted again, on the send thread holding the dispatch lock (95 % of the send
 * threads' page faults in a 16-producer profile, after the commit log's went to {@link CommitLogPrefaulter}).
 */
final class FlushService {

    private static final Logger LOG = LoggerFactory.getLogger(FlushService.class);
    private static final long INDEX_FORCE_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final CommitLog commitLog;
    private final GroupCommit groupCommit;
    private final ConsumeQueueTable queues;
    private final MessageIndex index;
    private final Dispatcher dispatcher;
    private final Checkpoint checkpoint;
    private final Clock clock;
    private final long commitLogIntervalNanos;
    private final long consumeQueueIntervalNanos;
    private final long syncFlushTimeoutMillis;
    private final long indexForceIntervalNanos;
    private final Thread thread;
    /** Touched by the flush thread only (and by the shutdown's checkpoint once the thread stopped). */
    private long indexForcedNanos;
    private boolean indexForcedOnce;
    private long dispatchedBeforeIndexForce;
    private volatile boolean stopped;

    FlushService(CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index, Dispatcher dispatcher,
                 Checkpoint checkpoint, Clock clock, FileStoreSettings settings) {
        this(commitLog, queues, index, dispatcher, checkpoint, clock, settings, INDEX_FORCE_INTERVAL_NANOS);
    }

    /** With the key index forced every {@code indexForceIntervalNanos} instead of ten seconds (tests). */
    FlushService(CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index, Dispatcher dispatcher,
                 Checkpoint checkpoint, Clock clock, FileStoreSettings settings, long indexForceIntervalNanos) {
        this.indexForceIntervalNanos = indexForceIntervalNanos;
        this.commitLog = commitLog;
        this.groupCommit = commitLog.groupCommit();
        this.queues = queues;
        this.index = index;
        this.dispatcher = dispatcher;
        this.checkpoint = checkpoint;
        this.clock = clock;
        this.commitLogIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalCommitLog());
        this.consumeQueueIntervalNanos = TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalConsumeQueue());
        this.syncFlushTimeoutMillis = settings.syncFlushTimeout();
        this.thread = new Thread(this::loop, "hexmq-store-flush");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Stops the thread and waits for it, timing out appends still waiting; the caller does the final flush. */
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
     * A stage completed with {@code stored} once the commit log is flushed up to {@code end} (group commit),
     * or with it as FLUSH_DISK_TIMEOUT after {@code syncFlushTimeout} ms by the clock or when the service
     * stops first. The caller's thread is not held; an append made on the flush thread itself (attached to an
     * earlier append's stage) is served by the thread's next round, with whatever else came meanwhile.
     */
    CompletionStage<AppendResult> whenFlushed(long end, AppendResult stored) {
        long now = clock.millis();
        return groupCommit.whenFlushed(end, stored, now + syncFlushTimeoutMillis, now);
    }

    /**
     * {@link #whenFlushed}, waited for: for the blocking appends. On the flush thread itself, which would wait
     * for itself, it flushes there and then.
     */
    AppendResult awaitFlushed(long end, AppendResult stored) {
        if (Thread.currentThread() != thread) {
            return whenFlushed(end, stored).toCompletableFuture().join();
        }
        try {
            commitLog.flush();
        } catch (RuntimeException e) {
            LOG.error("store flush failed", e);
        }
        return commitLog.flushedOffset() >= end ? stored : GroupCommit.timedOut(stored);
    }

    /** Flushes consume queues and the key index and records a checkpoint; at shutdown, after {@link #stop}. */
    void checkpointNow() {
        checkpoint(true);
    }

    private void checkpoint(boolean forceIndex) {
        long dispatched = dispatcher.dispatchedOffset();
        queues.flushAll();
        if (forceIndex) {
            index.flush();
            dispatchedBeforeIndexForce = dispatched;
            indexForcedNanos = System.nanoTime();
            indexForcedOnce = true;
        }
        long commitLogFlushed = commitLog.flush();
        checkpoint.write(commitLogFlushed, Math.min(dispatchedBeforeIndexForce, commitLogFlushed), clock.millis());
    }

    private void loop() {
        long nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
        while (!stopped) {
            try {
                long untilCheckpoint = Math.max(0, nextCheckpoint - System.nanoTime());
                // returns early only when an append waits, which happens only under SYNC_FLUSH
                groupCommit.awaitRequest(Math.min(commitLogIntervalNanos, untilCheckpoint));
                if (stopped) {
                    break;
                }
                commitLog.flush();
                if (System.nanoTime() - nextCheckpoint >= 0) {
                    checkpoint(!indexForcedOnce || System.nanoTime() - indexForcedNanos >= indexForceIntervalNanos);
                    nextCheckpoint = System.nanoTime() + consumeQueueIntervalNanos;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stopped = true;
            } catch (RuntimeException e) {
                // keep flushing: one failed force must not leave every later append unflushed
                LOG.error("store flush failed", e);
            }
            // after every attempt, failed ones too: what it did not cover may be overdue by now
            groupCommit.expire(clock.millis());
        }
    }
}
