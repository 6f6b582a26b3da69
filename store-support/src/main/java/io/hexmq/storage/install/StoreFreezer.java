package io.hexmq.storage.install;

import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Makes the frozen views of one store ({@link FrozenStoreFiles}), each in a directory of its own under one
 * parent, so that several followers may fetch at once; the parent is emptied whenever no view is open, which
 * also clears what a killed process left there.
 */
public final class StoreFreezer {

    private final Path storeRoot;
    private final Path parent;
    private final Set<String> leftOut;
    private int openViews;
    private long nextView;

    /**
     * @param parent where the views are made: on the store's file system, under a name in {@code leftOut}
     *     or outside the store
     * @param leftOut the top-level names under {@code storeRoot} that are never shipped
     */
    public StoreFreezer(Path storeRoot, Path parent, Set<String> leftOut) {
        this.storeRoot = storeRoot;
        this.parent = parent;
        this.leftOut = Set.copyOf(leftOut);
    }

    /**
     * Freezes the store's files now; see {@link FrozenStoreFiles#freeze}.
     *
     * @param grown the files that only grow, with the length to ship
     * @param rebuilt further top-level names the store rebuilds from the others rather than ship
     */
    public synchronized DurableFiles freeze(Map<String, Long> grown, Set<String> rebuilt) {
        if (openViews == 0) {
            StoreTrees.deleteRecursively(parent);
        }
        Set<String> notShipped = new HashSet<>(leftOut);
        notShipped.addAll(rebuilt);
        FrozenStoreFiles frozen = FrozenStoreFiles.freeze(storeRoot, parent.resolve("view-" + nextView++), grown,
                notShipped);
        openViews++;
        return new View(frozen);
    }

    private synchronized void closed(FrozenStoreFiles frozen) {
        frozen.close();
        openViews--;
    }

    private final class View implements DurableFiles {

        private final FrozenStoreFiles frozen;
        private boolean closed;

        View(FrozenStoreFiles frozen) {
            this.frozen = frozen;
        }

        @Override
        public Path root() {
            return frozen.root();
        }

        @Override
        public List<DurableFile> files() {
            return frozen.files();
        }

        @Override
        public void close() {
            synchronized (StoreFreezer.this) {
                if (!closed) {
                    closed = true;
                    closed(frozen);
                }
            }
        }
    }
}
