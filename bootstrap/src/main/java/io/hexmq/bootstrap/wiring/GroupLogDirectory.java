package io.hexmq.bootstrap.wiring;

import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.ReplicationSettings;
import io.hexmq.storage.install.StoreInstallation;
import java.nio.file.Path;
import java.util.Set;

/** Where a replica's group log lies under the store's root, as the stores' file shipping must know it. */
public final class GroupLogDirectory {

    private GroupLogDirectory() {
    }

    /** Where a leader freezes its store files for a follower: inside the group log's directory. */
    static Path frozenFiles(BrokerConfig config) {
        return config.store().storePathRootDir().resolve(ReplicationSettings.GROUP_LOG_DIR).resolve("frozen");
    }

    /**
     * Finishes or undoes an installation of a leader's store files that a crash interrupted; called before
     * anything opens the store's files (state, apply ledger, message store).
     */
    public static void recoverInterruptedInstallation(BrokerConfig config) {
        StoreInstallation.recover(config.store().storePathRootDir(), notTheStores());
    }

    /** The top-level names under the store's root that an installation leaves as they are. */
    static Set<String> notTheStores() {
        return Set.of(ReplicationSettings.GROUP_LOG_DIR);
    }
}
