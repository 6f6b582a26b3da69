package io.hexmq.storage.install;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.replication.DurableFile;
import io.hexmq.domain.replication.port.DurableFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Replaces a stopped store's files with the ones a follower received from its leader, so that it holds the
 * leader's store as it was frozen, and undoes a replacement a crash cut short.
 *
 * <p><b>Crash.</b> The store's entries first move aside into {@value #ASIDE} (renames, on the same file
 * system), then the received files move in; once every one is in, the aside directory is renamed
 * {@value #DONE} (the commit point) and deleted. {@link #recover}, called before the store opens, finishes
 * what a crash left: an aside directory means the replacement did not commit, so the received files are
 * dropped and the store's own move back (the store is as it was, and its log catches it up or installs
 * again); a done directory is only deleted.
 */
public final class StoreInstallation {

    static final String ASIDE = ".replaced-by-install";
    static final String DONE = ".replaced-by-install.done";

    private StoreInstallation() {
    }

    /**
     * Moves {@code received} in as the store under {@code storeRoot}; the store must be stopped.
     *
     * @param kept the top-level names under {@code storeRoot} that are not the store's and stay as they are
     *     (the group's own log, where {@code received} is staged)
     */
    public static void replace(Path storeRoot, DurableFiles received, Set<String> kept) {
        Path aside = storeRoot.resolve(ASIDE);
        try {
            recover(storeRoot, kept);
            Files.createDirectories(aside);
            for (Path entry : ownEntries(storeRoot, kept)) {
                Files.move(entry, aside.resolve(entry.getFileName().toString()));
            }
            for (DurableFile file : received.files()) {
                Path source = received.root().resolve(file.path());
                Path target = storeRoot.resolve(file.path());
                Files.createDirectories(target.getParent());
                Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
                cutTo(target, file.length());
            }
            StoreTrees.syncDirectory(storeRoot);
            Files.move(aside, storeRoot.resolve(DONE), StandardCopyOption.ATOMIC_MOVE);
            StoreTrees.syncDirectory(storeRoot);
        } catch (IOException e) {
            throw new StorageException("cannot install the received store files under " + storeRoot, e);
        }
        StoreTrees.deleteRecursively(storeRoot.resolve(DONE));
    }

    /** Finishes or undoes a replacement a crash interrupted (see the class comment); nothing to do otherwise. */
    public static void recover(Path storeRoot, Set<String> kept) {
        Path aside = storeRoot.resolve(ASIDE);
        StoreTrees.deleteRecursively(storeRoot.resolve(DONE));
        if (!Files.isDirectory(aside)) {
            return;
        }
        try {
            for (Path entry : ownEntries(storeRoot, kept)) {
                if (Files.isDirectory(entry)) {
                    StoreTrees.deleteRecursively(entry);
                } else {
                    Files.delete(entry);
                }
            }
            try (Stream<Path> moved = Files.list(aside)) {
                for (Path entry : moved.toList()) {
                    Files.move(entry, storeRoot.resolve(entry.getFileName().toString()));
                }
            }
            Files.delete(aside);
            StoreTrees.syncDirectory(storeRoot);
        } catch (IOException e) {
            throw new StorageException("cannot undo the interrupted installation under " + storeRoot, e);
        }
    }

    /** True for the names installation uses for itself under a store's root, which are never shipped. */
    static boolean isOwnName(String topLevel) {
        return topLevel.equals(ASIDE) || topLevel.equals(DONE);
    }

    private static List<Path> ownEntries(Path storeRoot, Set<String> kept) throws IOException {
        if (!Files.isDirectory(storeRoot)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(storeRoot)) {
            return entries.filter(entry -> {
                String name = entry.getFileName().toString();
                return !kept.contains(name) && !isOwnName(name);
            }).sorted().toList();
        }
    }

    /** A staged file longer than listed (a retried chunk) is cut back to the bytes the leader froze. */
    private static void cutTo(Path file, long length) throws IOException {
        if (Files.size(file) > length) {
            try (RandomAccessFile cut = new RandomAccessFile(file.toFile(), "rw")) {
                cut.setLength(length);
            }
        }
    }
}
