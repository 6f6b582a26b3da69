package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.DiskSpaceGuard;
import io.hexmq.storage.DiskUsage;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The file store's housekeeping, driven by the broker's scheduler: deleting commit-log segments past
 * {@code fileReservedTime}, with the consume-queue and key-index files that point only into them, and
 * measuring the disk for the {@link DiskSpaceGuard}.
 */
final class Retention {

    private static final Logger LOG = LoggerFactory.getLogger(Retention.class);

    private final StoreFiles files;
    private final Clock clock;
    private final long reservedMillis;
    private final DiskUsage diskUsage;
    private final DiskSpaceGuard diskSpace;

    Retention(StoreFiles files, Clock clock, int fileReservedTimeHours, DiskUsage diskUsage, DiskSpaceGuard diskSpace) {
        this.files = files;
        this.clock = clock;
        this.reservedMillis = fileReservedTimeHours * 3_600_000L;
        this.diskUsage = diskUsage;
        this.diskSpace = diskSpace;
    }

    /** See {@link MappedFileMessageStore#deleteExpiredFiles()}. */
    int deleteExpiredFiles() {
        CommitLog commitLog = files.commitLog();
        long deadline = clock.millis() - reservedMillis;
        long dispatched = files.dispatcher().dispatchedOffset();
        int deleted = 0;
        List<MappedFile> segments = commitLog.segments();
        for (int i = 0; i + 1 < segments.size(); i++) {
            MappedFile segment = segments.get(i);
            MappedFile next = segments.get(i + 1);
            if (next.writePosition() == 0 || segment.fromOffset() + segment.size() > dispatched) {
                break;
            }
            long newestInSegment = commitLog.storeTimestampAt(next.fromOffset());
            if (newestInSegment < 0 || newestInSegment >= deadline) {
                break;
            }
            commitLog.deleteOldestSegment();
            deleted++;
        }
        if (deleted > 0) {
            files.queues().correctMinOffsets(commitLog.minOffset());
            files.index().deleteBefore(commitLog.minOffset());
            files.deletedTopics().forgetUpTo(commitLog.minOffset());
            LOG.info("retention deleted {} commit-log segment(s); commit log now starts at {}", deleted,
                commitLog.minOffset());
        }
        checkDiskSpace();
        return deleted;
    }

    /** See {@link MappedFileMessageStore#checkDiskSpace()}; logs once when refusing starts and once when it ends. */
    void checkDiskSpace() {
        double used = diskUsage.usedPercent(files.root());
        switch (diskSpace.observe(used)) {
            case REFUSING -> LOG.warn("refusing appends: {}", diskSpace.refusal().reason());
            case ACCEPTING -> LOG.info("disk usage back to {}%: accepting appends again", Math.round(used));
            case NONE -> { }
        }
    }
}
