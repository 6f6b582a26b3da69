package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.DiskUsage;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Chronicle store's housekeeping, driven by the broker's scheduler: deleting whole cycles past
 * {@code fileReservedTime} by the injected clock (which also drives Chronicle's cycle choice, so cycles
 * and store timestamps agree), and measuring the disk for the {@link DiskSpaceGuard}.
 */
final class Retention {

    private static final Logger LOG = LoggerFactory.getLogger(Retention.class);

    private final StoreState state;
    private final Clock clock;
    private final long reservedMillis;
    private final Path root;
    private final DiskUsage diskUsage;
    private final DiskSpaceGuard diskSpace;
    private final Checkpointer checkpointer;

    Retention(StoreState state, Clock clock, ChronicleStoreSettings settings, DiskUsage diskUsage,
              DiskSpaceGuard diskSpace, Checkpointer checkpointer) {
        this.state = state;
        this.checkpointer = checkpointer;
        this.clock = clock;
        this.reservedMillis = settings.fileReservedTime() * 3_600_000L;
        this.root = settings.storePathRootDir();
        this.diskUsage = diskUsage;
        this.diskSpace = diskSpace;
    }

    /** See {@link ChronicleMessageStore#deleteExpiredFiles()}. */
    int deleteExpiredFiles() {
        int deleted = deleteExpiredCycles();
        checkDiskSpace();
        return deleted;
    }

    private int deleteExpiredCycles() {
        long deadline = clock.millis() - reservedMillis;
        if (!anyExpired(deadline)) {
            return 0;
        }
        // the checkpoint must name a document retention keeps: the newest cycle holding documents stays
        checkpointer.checkpoint();
        ReentrantLock appendLock = state.appendLock();
        appendLock.lock();
        try {
            if (!state.running()) {
                return 0;
            }
            ChronicleLog log = state.log();
            DocumentSpans spans = state.spans();
            int deadlineCycle = log.cycleAt(deadline);
            List<DocumentSpans.Span> all = spans.all();
            int keepFrom = all.isEmpty() ? Integer.MAX_VALUE : all.get(all.size() - 1).cycle;
            int deleted = 0;
            boolean saved = false;
            for (long cycle : log.cycles()) {
                if (cycle >= deadlineCycle || cycle >= keepFrom) {
                    break;
                }
                if (!saved) {
                    state.directory().writeQueueOffsets(state.queues());
                    saved = true;
                }
                if (log.deleteCycle((int) cycle)) {
                    deleted++;
                }
            }
            for (DocumentSpans.Span span : all) {
                if (span.cycle < deadlineCycle && span.cycle < keepFrom) {
                    spans.remove(span);
                }
            }
            if (deleted > 0) {
                DocumentSpans.Span oldest = spans.oldest();
                long firstKept = oldest == null ? Long.MAX_VALUE : oldest.firstDocument;
                state.retainedFrom(oldest == null ? state.nextPhysical() : oldest.firstPhysical);
                state.queues().forEach((topic, queueId, queue) -> queue.dropBefore(firstKept));
                LOG.info("retention deleted {} Chronicle cycle(s); the log now starts at physical offset {}", deleted,
                    state.minPhysical());
            }
            return deleted;
        } finally {
            appendLock.unlock();
        }
    }

    private boolean anyExpired(long deadline) {
        ReentrantLock appendLock = state.appendLock();
        appendLock.lock();
        try {
            if (!state.running()) {
                return false;
            }
            List<Long> cycles = state.log().cycles();
            DocumentSpans.Span newest = state.spans().newest();
            int keepFrom = newest == null ? Integer.MAX_VALUE : newest.cycle;
            return !cycles.isEmpty() && cycles.get(0) < Math.min(state.log().cycleAt(deadline), keepFrom);
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * See {@link ChronicleMessageStore#checkDiskSpace()}; logs each change once. Outside the append lock:
     * measuring the disk is a system call appends need not wait for.
     */
    void checkDiskSpace() {
        double used = diskUsage.usedPercent(root);
        switch (diskSpace.observe(used)) {
            case REFUSING -> LOG.warn("refusing appends to the Chronicle store: {}", diskSpace.refusal().reason());
            case ACCEPTING -> LOG.info("disk holding the Chronicle store back to {}% used: accepting appends again",
                Math.round(used));
            case NONE -> { }
        }
    }
}
