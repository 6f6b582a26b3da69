package io.hexmq.bootstrap.wiring;

import io.hexmq.storage.DiskUsage;
import java.io.File;
import java.nio.file.Path;

/**
 * Total and free bytes of the disk holding the store, read when an admin asks (GET_BROKER_RUNTIME_INFO's
 * {@code commitLogDirCapacity}); a store directory not made yet is measured on its nearest existing parent.
 */
final class StoreDiskSpace {

    private StoreDiskSpace() {
    }

    static long totalBytes(Path storeRoot) {
        File disk = DiskUsage.nearestExisting(storeRoot);
        return disk == null ? 0 : disk.getTotalSpace();
    }

    static long freeBytes(Path storeRoot) {
        File disk = DiskUsage.nearestExisting(storeRoot);
        return disk == null ? 0 : disk.getFreeSpace();
    }
}
