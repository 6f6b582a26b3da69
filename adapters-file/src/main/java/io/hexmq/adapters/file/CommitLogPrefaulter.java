package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.mmap.MappedFile;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the pages just ahead of the commit log's end faulted in, on its own thread, so that appends copy
 * into mapped, writable pages instead of each taking the page fault of the page it opens. A segment is a
 * sparse file: the first write into each of its pages traps into the kernel, which finds the page missing,
 * allocates it, zeroes it and maps it. On the send path that was a sixth of the broker's CPU in a sync-send
 * profile (perf, 16 producers, 1 KiB), paid by the send threads while producers waited; the same faults
 * now happen here, before the writer arrives ({@link MappedFile#prefault}, which changes no byte).
 *
 * <p>It stays {@code aheadBytes} ahead of the end within the newest segment (a segment the writer has not
 * created yet is left to the writer's first pages), and sleeps until an append passes the middle of the
 * range, when {@link #written} wakes it: one wake-up per half range, not one per append. If it falls
 * behind (a busy machine), the writer takes its own faults as before; nothing waits for it.
 */
final class CommitLogPrefaulter {

    private static final Logger LOG = LoggerFactory.getLogger(CommitLogPrefaulter.class);
    /** 4 MiB: a third of a second of 1 KiB sends at 12,000 a second, two wake-ups a second at that rate. */
    static final int DEFAULT_AHEAD_BYTES = 4 << 20;

    private final CommitLog commitLog;
    private final int aheadBytes;
    private final Thread thread;
    /** The log offset up to which pages are faulted in; written by the prefault thread only. */
    private volatile long faultedUpTo;
    /** An append ending at or beyond this wakes the thread; Long.MAX_VALUE while it is awake. */
    private volatile long wakeAt = Long.MAX_VALUE;
    private volatile boolean stopped;

    CommitLogPrefaulter(CommitLog commitLog, int aheadBytes) {
        this.commitLog = commitLog;
        this.aheadBytes = aheadBytes;
        this.thread = new Thread(this::loop, "hexmq-store-prefault");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Called after each append with the log's new end: a volatile read, and a wake-up once per half range. */
    void written(long end) {
        if (end >= wakeAt) {
            wakeAt = Long.MAX_VALUE;
            LockSupport.unpark(thread);
        }
    }

    /** The log offset up to which pages are faulted in (tests). */
    long faultedUpTo() {
        return faultedUpTo;
    }

    private void loop() {
        while (!stopped) {
            long next;
            try {
                next = faultAhead();
            } catch (RuntimeException e) {
                // a segment removed under it (a truncation): the next append makes it look again
                LOG.warn("commit-log prefault failed: {}", e.toString());
                next = commitLog.writtenOffset() + 1;
            }
            wakeAt = next;
            // an append between the read of the end and the store of wakeAt saw no wakeAt to pass: look again
            if (commitLog.writtenOffset() < wakeAt && !stopped) {
                LockSupport.parkNanos(this, TimeUnit.SECONDS.toNanos(1));
            }
            wakeAt = Long.MAX_VALUE;
        }
    }

    /**
     * Faults in the pages from the end (or from where the last round stopped) to aheadBytes past the end, and
     * returns the log offset an append must reach to make the next round worth it: the middle of the range
     * ahead, or the newest segment's end once that is faulted in (the writer's next segment), or the next
     * append when there is no segment yet.
     */
    long faultAhead() {
        long end = commitLog.writtenOffset();
        MappedFile segment = commitLog.lastSegment();
        if (segment == null) {
            return end + 1;
        }
        long segmentStart = segment.fromOffset();
        long segmentEnd = segmentStart + segment.size();
        long from = Math.max(Math.max(end, faultedUpTo), segmentStart);
        long to = Math.min(end + aheadBytes, segmentEnd);
        if (from < to) {
            segment.prefault((int) (from - segmentStart), (int) (to - segmentStart));
            faultedUpTo = to;
        }
        long next = faultedUpTo >= segmentEnd ? segmentEnd : faultedUpTo - aheadBytes / 2;
        return Math.max(end + 1, next);
    }
}
