package io.hexmq.application.auth;

import io.hexmq.domain.auth.Acl;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.ResourcePattern;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin takes policies away (AUTH_DELETE_ACL, {@code mqadmin deleteAcl}): the user's entries on one
 * resource pattern, or all of them when none is named.
 */
public final class DeleteAcl {

    private final AuthDirectory directory;
    private final AuthStore store;

    public DeleteAcl(AuthDirectory directory, AuthStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public void delete(Username subject, Optional<ResourcePattern> resource) {
        directory.change(table -> {
            if (resource.isEmpty()) {
                return table.withoutAcl(subject);
            }
            return table.acl(subject).map(acl -> table.with(new Acl(subject, acl.entries().stream()
                    .filter(entry -> !entry.resource().equals(resource.get())).toList()))).orElse(table);
        }, store::save);
    }
}
