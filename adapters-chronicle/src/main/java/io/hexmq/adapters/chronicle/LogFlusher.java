package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.StorageException;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.GroupCommit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the Chronicle store's appends reach the disk, through {@link DiskSync}, on one flush thread. Under
 * {@link FlushDiskType#SYNC_FLUSH} an acknowledged append is on disk: a written append leaves a waiter with
 * the {@link GroupCommit} ({@link #whenDurable}) and returns; the flush thread wakes, forces everything
 * written by then once and completes every waiter that force covers, so no appending thread is held and the
 * appends written during a force are served together by the next. A force that fails answers the appends
 * it was for FLUSH_DISK_TIMEOUT (stored, not known to be on disk). Under {@link FlushDiskType#ASYNC_FLUSH}
 * the thread forces every {@code flushIntervalCommitLog} ms, and the last interval may be lost with the
 * machine.
 */
final class LogFlusher {

    private static final Logger LOG = LoggerFactory.getLogger(LogFlusher.class);

    private final StoreState state;
    private final DiskSync diskSync;
    private final boolean syncFlush;
    private final long intervalMillis;
    private final GroupCommit groupCommit = new GroupCommit();
    private final StopSignal stopFlusher = new StopSignal();
    private volatile boolean stopped;
    /** Physical offset up to which a force has covered the log; forces may race (an admin's and the thread's). */
    private final AtomicLong forcedEnd = new AtomicLong();
    private Thread flusher;

    LogFlusher(StoreState state, DiskSync diskSync, ChronicleStoreSettings settings) {
        this.state = state;
        this.diskSync = diskSync;
        this.syncFlush = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH;
        this.intervalMillis = settings.flushIntervalCommitLog();
    }

    /** Whether an append is acknowledged only once on disk (and so completes later than it is written). */
    boolean syncFlush() {
        return syncFlush;
    }

    /** Starts the flush thread over a log the start-up scan has read; what it found counts as on disk, as at recovery. */
    void start() {
        forcedEnd.set(state.nextPhysical());
        flusher = new Thread(syncFlush ? this::flushOnRequest : this::flushPeriodically, "hexmq-chronicle-flush");
        flusher.setDaemon(true);
        flusher.start();
    }

    /**
     * Stops the flush thread and waits for it; appends still waiting are answered FLUSH_DISK_TIMEOUT. The
     * caller does the final sync.
     */
    void stop() {
        stopped = true;
        stopFlusher.signal();
        groupCommit.close();
        if (flusher != null) {
            try {
                flusher.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Forces everything appended so far, completing the appends it covers. */
    void syncNow() {
        long written = state.nextPhysical();
        force(written);
        groupCommit.flushed(written);
    }

    /** The bytes appended that no force has covered yet (brokerStatus's remainHowManyDataToFlush). */
    long unforcedBytes() {
        long forced = forcedEnd.get();
        return Math.max(0, state.nextPhysical() - forced);
    }

    /**
     * Forces the log, which covers it up to {@code written}, read before the force; an append racing with the
     * force may be covered too, but only the next force says so.
     */
    private void force(long written) {
        diskSync.sync(state.log());
        forcedEnd.accumulateAndGet(written, Math::max);
    }

    /**
     * The stage of an append written up to physical offset {@code end}: {@code written} at once under
     * ASYNC_FLUSH; under SYNC_FLUSH once a force covers it, as FLUSH_DISK_TIMEOUT when that force fails. An
     * append made on the flush thread itself (attached to an earlier append's stage) is served by the
     * thread's next force, with whatever else came meanwhile.
     */
    CompletionStage<AppendResult> whenDurable(long end, AppendResult written) {
        if (!syncFlush) {
            return CompletableFuture.completedFuture(written);
        }
        return groupCommit.whenFlushed(end, written, GroupCommit.NO_DEADLINE, 0);
    }

    /**
     * {@link #whenDurable}, waited for: for the blocking appends. On the flush thread itself, which would
     * wait for itself, it forces there and then.
     */
    AppendResult awaitDurable(long end, AppendResult written) {
        if (Thread.currentThread() == flusher) {
            return trySync() ? written : GroupCommit.timedOut(written);
        }
        return whenDurable(end, written).toCompletableFuture().join();
    }

    /** Forces what is written and completes the waiters it covers, or answers them FLUSH_DISK_TIMEOUT. */
    private boolean trySync() {
        long written = state.nextPhysical();
        try {
            force(written);
        } catch (RuntimeException e) {
            LOG.error("synchronous flush failed; answering FLUSH_DISK_TIMEOUT", e);
            groupCommit.failed(written);
            return false;
        }
        groupCommit.flushed(written);
        return true;
    }

    private void flushOnRequest() {
        try {
            while (!stopped) {
                // the interval only bounds how long a stop may go unnoticed; appends wake it at once
                if (groupCommit.awaitRequest(TimeUnit.MILLISECONDS.toNanos(intervalMillis)) && !stopped) {
                    trySync();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void flushPeriodically() {
        while (!stopFlusher.awaitStop(intervalMillis)) {
            try {
                force(state.nextPhysical());
            } catch (StorageException e) {
                LOG.error("asynchronous flush failed; retrying in {} ms", intervalMillis, e);
            }
        }
    }
}
