package io.hexmq.storage;

import java.io.File;
import java.nio.file.Path;

/**
 * How full the disk holding a store is, read at start and on the maintenance schedule: the file
 * system's own figures in production, a seam so that tests can fill the disk and free it again.
 */
@FunctionalInterface
public interface DiskUsage {

    /**
     * Java's view of the partition holding {@code path}, or holding its nearest existing parent while
     * {@code path} does not exist yet; a disk that cannot be queried reports no size, read as empty.
     */
    DiskUsage FILE_SYSTEM = path -> {
        File existing = nearestExisting(path);
        return existing == null ? 0 : DiskSpaceGuard.usedPercent(existing.getTotalSpace(),
                existing.getFreeSpace(), existing.getUsableSpace());
    };

    /** {@code path} if it exists, else its nearest existing parent, else null: where its disk can be asked. */
    static File nearestExisting(Path path) {
        File existing = path.toAbsolutePath().toFile();
        while (existing != null && !existing.exists()) {
            existing = existing.getParentFile();
        }
        return existing;
    }

    /** Used space of the file system holding {@code path}, in percent (0..100). */
    double usedPercent(Path path);
}
