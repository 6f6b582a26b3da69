package io.hexmq.storage.install;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A store's files frozen for a follower to fetch: a directory of their own beside the store, in which a file
 * that only grows is a hard link to the store's (the same bytes, nothing copied; retention may delete the
 * store's name meanwhile, the link keeps the bytes) listed at the length it had when frozen, and every other
 * file is a copy taken at once (small files rewritten in place or replaced: state, markers, the apply
 * ledger). Closing deletes the directory. Made by {@link StoreFreezer}.
 *
 * <p><b>Cost.</b> Freezing copies the small files and links the rest: cheap wherever the store's bulk only
 * grows. A file system without hard links gets copies. <b>Crash.</b> A directory left by a killed process
 * holds nothing anyone needs; the next freeze under the same parent clears it.
 */
final class FrozenStoreFiles implements DurableFiles {

    private final Path root;
    private final List<DurableFile> files;

    private FrozenStoreFiles(Path root, List<DurableFile> files) {
        this.root = root;
        this.files = List.copyOf(files);
    }

    /**
     * Freezes the files under {@code storeRoot}. Must be called while nothing writes to the store.
     *
     * @param frozenDir where the frozen view is made (emptied first); on the store's file system
     * @param grown the files that only grow, by path relative to {@code storeRoot}, with the length to ship
     * @param leftOut the top-level names under {@code storeRoot} not to ship (what the store rebuilds, what
     *     is not the store's)
     */
    static FrozenStoreFiles freeze(Path storeRoot, Path frozenDir, Map<String, Long> grown,
            Set<String> leftOut) {
        StoreTrees.deleteRecursively(frozenDir);
        List<DurableFile> listed = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(storeRoot)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                String path = StoreTrees.relative(storeRoot, file);
                String top = StoreTrees.topLevel(path);
                if (leftOut.contains(top) || StoreInstallation.isOwnName(top) || file.startsWith(frozenDir)) {
                    continue;
                }
                Path target = frozenDir.resolve(path);
                Files.createDirectories(target.getParent());
                Long length = grown.get(path);
                try {
                    if (length == null) {
                        Files.copy(file, target);
                        listed.add(new DurableFile(path, Files.size(target)));
                    } else {
                        link(file, target);
                        listed.add(new DurableFile(path, length));
                    }
                } catch (NoSuchFileException deletedByRetention) {
                    // the store's oldest file went meanwhile: as if the view had been frozen just after
                }
            }
        } catch (IOException e) {
            StoreTrees.deleteRecursively(frozenDir);
            throw new StorageException("cannot freeze the store files under " + storeRoot, e);
        }
        return new FrozenStoreFiles(frozenDir, listed);
    }

    private static void link(Path file, Path target) throws IOException {
        try {
            Files.createLink(target, file);
        } catch (UnsupportedOperationException | FileSystemException noHardLinks) {
            Files.copy(file, target);
        }
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public List<DurableFile> files() {
        return files;
    }

    @Override
    public void close() {
        StoreTrees.deleteRecursively(root);
    }
}
