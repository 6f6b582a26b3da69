package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.StorageException;
import io.hexmq.storage.FlushDiskType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the Chronicle store's appends reach the disk, through {@link DiskSync}. Under
 * {@link FlushDiskType#SYNC_FLUSH} an acknowledged append is on disk: after its document is written and
 * before it returns, the cycle files are forced once per group, the first appender to get there forcing
 * everything written so far, so the appenders it covered return without a force of their own. Under
 * {@link FlushDiskType#ASYNC_FLUSH} a flush thread forces them every {@code flushIntervalCommitLog} ms,
 * and the last interval may be lost with the machine.
 */
final class LogFlusher {

    private static final Logger LOG = LoggerFactory.getLogger(LogFlusher.class);

    private final StoreState state;
    private final DiskSync diskSync;
    private final boolean syncFlush;
    private final long intervalMillis;
    private final ReentrantLock syncLock = new ReentrantLock();
    private final CountDownLatch stopFlusher = new CountDownLatch(1);
    /** Appends known to be on disk; guarded by the sync lock. */
    private long syncedSequence;
    private Thread flusher;

    LogFlusher(StoreState state, DiskSync diskSync, ChronicleStoreSettings settings) {
        this.state = state;
        this.diskSync = diskSync;
        this.syncFlush = settings.flushDiskType() == FlushDiskType.SYNC_FLUSH;
        this.intervalMillis = settings.flushIntervalCommitLog();
    }

    /** Starts the flush thread under ASYNC_FLUSH. */
    void start() {
        if (!syncFlush) {
            flusher = new Thread(this::flushPeriodically, "hexmq-chronicle-flush");
            flusher.setDaemon(true);
            flusher.start();
        }
    }

    /** Stops the flush thread and waits for it; the caller does the final sync. */
    void stop() {
        if (flusher != null) {
            stopFlusher.countDown();
            try {
                flusher.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Forces everything appended so far. */
    void syncNow() {
        diskSync.sync(state.log());
    }

    /**
     * Whether append number {@code sequence} may be acknowledged as stored durably: at once under
     * ASYNC_FLUSH; under SYNC_FLUSH once it is on disk, false when the force fails (the message is stored,
     * but not known to be durable).
     */
    boolean durable(long sequence) {
        return !syncFlush || syncUpTo(sequence);
    }

    /** Group commit: whoever holds the sync lock forces every document written so far. */
    private boolean syncUpTo(long sequence) {
        syncLock.lock();
        try {
            if (syncedSequence >= sequence) {
                return true;
            }
            long written = state.appendedSequence();
            diskSync.sync(state.log());
            syncedSequence = written;
            return true;
        } catch (StorageException e) {
            LOG.error("synchronous flush failed; answering FLUSH_DISK_TIMEOUT", e);
            return false;
        } finally {
            syncLock.unlock();
        }
    }

    private void flushPeriodically() {
        while (!stopRequested()) {
            try {
                diskSync.sync(state.log());
            } catch (StorageException e) {
                LOG.error("asynchronous flush failed; retrying in {} ms", intervalMillis, e);
            }
        }
    }

    /** Waits one interval; not by interrupt, which would close the flush's file channel mid-force. */
    private boolean stopRequested() {
        try {
            return stopFlusher.await(intervalMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
