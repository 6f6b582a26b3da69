package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.DiskSpaceGuard;
import java.io.File;
import java.nio.file.Path;

/**
 * How full the disk holding the store is, read at start and on the retention schedule: the file
 * system's own figures in production, a seam so that tests can fill the disk and free it again.
 */
@FunctionalInterface
interface DiskUsage {

    /**
     * Java's view of the partition: a directory that is missing or cannot be queried reports no size,
     * read as an empty disk; the store's root exists from start on.
     */
    DiskUsage FILE_SYSTEM = directory -> {
        File partition = directory.toFile();
        return DiskSpaceGuard.usedPercent(partition.getTotalSpace(), partition.getUsableSpace());
    };

    /** Used space of the file system holding {@code directory}, in percent (0..100). */
    double usedPercent(Path directory);
}
