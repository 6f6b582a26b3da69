package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.Objects;

/** An admin deletes a user and its policies (AUTH_DELETE_USER); deleting a missing user changes nothing. */
public final class DeleteUser {

    private final AuthDirectory directory;
    private final AuthStore store;

    public DeleteUser(AuthDirectory directory, AuthStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public void delete(Username username) {
        directory.change(table -> table.withoutUser(username), store::save);
    }
}
