package io.hexmq.adapters.chronicle;

import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.replication.port.StoreFiles;
import io.hexmq.storage.install.StoreFreezer;
import io.hexmq.storage.install.StoreInstallation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The Chronicle store's files for a follower behind its group's purged log. Frozen: every Chronicle cycle
 * but the newest as a hard link (a rolled cycle no longer changes), copies of the newest cycle, of
 * Chronicle's metadata and of every other file under the store's root (the store's directory files, the
 * broker's state files and apply ledger, the consume queues, the key index and their checkpoint).
 * Installed: the received files replace the store's while it is stopped, and it reopens as at a start,
 * from the leader's checkpoint on (or over the whole log when the checkpoint does not match it): the cost
 * of an installation is a copy of the current cycle and of the indexes on the leader.
 */
public final class ChronicleStoreFiles implements StoreFiles {

    private static final String CYCLE_SUFFIX = ".cq4";

    private final ChronicleMessageStore store;
    private final Path root;
    private final Set<String> kept;
    private final StoreFreezer freezer;

    /**
     * @param frozenParent where frozen views are made, on the store's file system (under a name in {@code kept})
     * @param kept the top-level names under the store's root that are not the store's (the group's log):
     *     neither shipped nor replaced
     */
    public ChronicleStoreFiles(ChronicleMessageStore store, Path root, Path frozenParent, Set<String> kept) {
        this.store = store;
        this.root = root;
        this.kept = Set.copyOf(kept);
        this.freezer = new StoreFreezer(root, frozenParent, kept);
    }

    /** Called on the group's applying thread, so no append runs meanwhile. */
    @Override
    public DurableFiles freeze() {
        store.flush();
        Path chronicle = store.state().directory().chronicle();
        List<Path> cycles;
        try (Stream<Path> files = Files.list(chronicle)) {
            cycles = files.filter(file -> file.getFileName().toString().endsWith(CYCLE_SUFFIX)).sorted().toList();
        } catch (IOException e) {
            throw new StorageException("cannot list the Chronicle cycles in " + chronicle, e);
        }
        Map<String, Long> rolled = new HashMap<>();
        try {
            for (Path cycle : cycles.subList(0, Math.max(0, cycles.size() - 1))) {
                rolled.put(root.relativize(cycle).toString().replace(cycle.getFileSystem().getSeparator(), "/"),
                        Files.size(cycle));
            }
        } catch (IOException e) {
            throw new StorageException("cannot measure the Chronicle cycles in " + chronicle, e);
        }
        return freezer.freeze(rolled, Set.of());
    }

    @Override
    public void replaceWith(DurableFiles received) {
        store.reopen(() -> StoreInstallation.replace(root, received, kept));
    }
}
