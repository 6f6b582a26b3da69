package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.UserStatus;
import io.hexmq.domain.auth.UserType;
import io.hexmq.domain.auth.Username;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin changes a user's password, type or status (AUTH_UPDATE_USER, {@code mqadmin updateUser}); what
 * the command leaves empty stays as it is. The user must exist.
 */
public final class UpdateUser {

    public record Command(Username username, Optional<String> password, Optional<UserType> type,
                          Optional<UserStatus> status) {
        public Command {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(status, "status");
        }
    }

    private final AuthDirectory directory;
    private final AuthStore store;

    public UpdateUser(AuthDirectory directory, AuthStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public void update(Command command) {
        directory.change(table -> {
            User old = table.user(command.username()).orElseThrow(() ->
                    new InvalidAuthDataException("user " + command.username() + " does not exist"));
            return table.with(new User(old.username(), command.password().orElse(old.password()),
                    command.type().orElse(old.type()), command.status().orElse(old.status())));
        }, store::save);
    }
}
