package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.Objects;

/** An admin creates a user (AUTH_CREATE_USER, {@code mqadmin createUser}); a user of that name must not exist. */
public final class CreateUser {

    private final AuthDirectory directory;
    private final AuthStore store;

    public CreateUser(AuthDirectory directory, AuthStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public void create(User user) {
        directory.change(table -> {
            if (table.user(user.username()).isPresent()) {
                throw new InvalidAuthDataException("user " + user.username() + " already exists");
            }
            return table.with(user);
        }, store::save);
    }
}
