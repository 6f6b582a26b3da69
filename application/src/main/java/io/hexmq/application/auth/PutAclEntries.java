package io.hexmq.application.auth;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.PolicyEntry;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An admin grants or denies (AUTH_CREATE_ACL, AUTH_UPDATE_ACL, {@code mqadmin createAcl/updateAcl}): each
 * entry given replaces the user's entry on the same resource pattern, the others stay. The user must exist.
 */
public final class PutAclEntries {

    private final AuthDirectory directory;
    private final AuthStore store;

    public PutAclEntries(AuthDirectory directory, AuthStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public void put(Acl given) {
        directory.change(table -> {
            if (table.user(given.subject()).isEmpty()) {
                throw new InvalidAuthDataException("user " + given.subject() + " does not exist");
            }
            List<PolicyEntry> entries = new ArrayList<>(table.acl(given.subject()).map(Acl::entries).orElse(List.of()));
            entries.removeIf(old -> given.entries().stream().anyMatch(entry -> entry.resource().equals(old.resource())));
            entries.addAll(given.entries());
            return table.with(new Acl(given.subject(), entries));
        }, store::save);
    }
}
