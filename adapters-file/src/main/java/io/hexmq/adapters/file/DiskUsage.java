package io.hexmq.adapters.file;

import io.hexmq.domain.message.DiskSpaceGuard;
import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/** How full the disk holding the store is; injectable so tests can simulate a full disk. */
@FunctionalInterface
public interface DiskUsage {

    /** Used space of the file system holding {@code path}, in percent (0..100). */
    double usedPercent(Path path);

    /** The real file system. */
    static DiskUsage fileSystem() {
        return path -> {
            try {
                FileStore store = Files.getFileStore(path);
                return DiskSpaceGuard.usedPercent(store.getTotalSpace(), store.getUsableSpace());
            } catch (IOException e) {
                throw new StorageException("cannot read disk usage of " + path, e);
            }
        };
    }
}
