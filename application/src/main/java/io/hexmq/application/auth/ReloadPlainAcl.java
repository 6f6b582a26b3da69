package io.hexmq.application.auth;

import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import java.util.Objects;
import java.util.Optional;

/**
 * A broker picks up an edit of its ACL 1.0 file without a restart: run now and then, it reads the file when its
 * content changed and takes the table. A file that does not read fails the run and leaves the last good table
 * in force, so a half-saved edit never opens the broker.
 */
public final class ReloadPlainAcl {

    private final PlainAclDirectory directory;
    private final PlainAclStore store;

    public ReloadPlainAcl(PlainAclDirectory directory, PlainAclStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    /** Whether the file had changed and its table is now in force. */
    public boolean reloadIfChanged() {
        Optional<PlainAclTable> changed = store.loadIfChanged();
        changed.ifPresent(directory::reloaded);
        return changed.isPresent();
    }
}
