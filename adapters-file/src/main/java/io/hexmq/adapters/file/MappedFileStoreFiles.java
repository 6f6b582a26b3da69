package io.hexmq.adapters.file;

import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.storage.install.StoreFreezer;
import io.hexmq.storage.install.StoreInstallation;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The file store's files for a follower behind its group's purged log. Frozen: the commit-log and
 * consume-queue segments, which only grow, as hard links listed up to what they hold (a segment's
 * preallocated tail is not shipped), and copies of every other file under the store's root (deleted
 * topics, the broker's state files and apply ledger); the key index, the checkpoint and the abort marker
 * are not shipped. Installed: the received files replace the store's, segments grow back to their size,
 * and the store reopens as after a crash, so recovery verifies the commit log and rebuilds the key index
 * and any missing consume-queue entry from it: the cost of an installation is a read of the whole log.
 */
public final class MappedFileStoreFiles implements io.hexmq.domain.replication.port.StoreFiles {

    private static final Set<String> REBUILT = Set.of("index", "checkpoint", "abort");

    private final MappedFileMessageStore store;
    private final FileStoreSettings settings;
    private final Set<String> kept;
    private final StoreFreezer freezer;

    /**
     * @param frozenParent where frozen views are made, on the store's file system (under a name in {@code kept})
     * @param kept the top-level names under the store's root that are not the store's (the group's log):
     *     neither shipped nor replaced
     */
    public MappedFileStoreFiles(MappedFileMessageStore store, FileStoreSettings settings, Path frozenParent,
            Set<String> kept) {
        this.store = store;
        this.settings = settings;
        this.kept = Set.copyOf(kept);
        this.freezer = new StoreFreezer(settings.storePathRootDir(), frozenParent, kept);
    }

    /** Called on the group's applying thread, so no append runs meanwhile. */
    @Override
    public DurableFiles freeze() {
        store.flush();
        StoreFiles files = store.files();
        Path root = files.root();
        Map<String, Long> grown = new HashMap<>();
        long written = files.commitLog().writtenOffset();
        for (MappedFile segment : files.commitLog().segments()) {
            grown.put(relative(root, segment.path()), Math.max(0, Math.min(segment.size(),
                    written - segment.fromOffset())));
        }
        for (ConsumeQueue queue : files.queues().all()) {
            queue.filledBytes().forEach((path, length) -> grown.put(relative(root, path), length));
        }
        return freezer.freeze(grown, REBUILT);
    }

    @Override
    public void replaceWith(DurableFiles received) {
        Path root = settings.storePathRootDir();
        store.reopen(() -> {
            StoreInstallation.replace(root, received, kept);
            try {
                growSegments(StoreFiles.commitLogDirectory(root), 1, settings.mappedFileSizeCommitLog());
                growSegments(root.resolve("consumequeue"), 3, settings.mappedFileSizeConsumeQueue());
                Files.createFile(root.resolve("abort"));
            } catch (IOException e) {
                throw new StorageException("cannot prepare the installed store files under " + root, e);
            }
        });
    }

    /** Segments were shipped up to what they hold; the store maps each at its full size, zeros after. */
    private static void growSegments(Path dir, int depth, long size) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> segments;
        try (Stream<Path> walk = Files.walk(dir, depth)) {
            segments = walk.filter(Files::isRegularFile).toList();
        }
        for (Path segment : segments) {
            if (Files.size(segment) < size) {
                try (RandomAccessFile file = new RandomAccessFile(segment.toFile(), "rw")) {
                    file.setLength(size);
                }
            }
        }
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }
}
