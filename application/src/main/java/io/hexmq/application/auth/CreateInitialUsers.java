package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.User;
import io.hexmq.domain.auth.port.AuthStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * At start, creates the {@code initAuthenticationUser} and the user of the
 * {@code innerClientAuthenticationCredentials} as super users when no user of their name exists yet; an
 * existing one is left as an admin may have changed it.
 */
public final class CreateInitialUsers {

    private final AuthDirectory directory;
    private final AuthStore store;
    private final AuthSettings settings;

    public CreateInitialUsers(AuthDirectory directory, AuthStore store, AuthSettings settings) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return the users it created */
    public List<User> create() {
        List<User> created = new ArrayList<>();
        settings.initialUser().ifPresent(created::add);
        settings.innerUser().ifPresent(created::add);
        created.removeIf(user -> directory.snapshot().user(user.username()).isPresent());
        directory.change(table -> {
            var next = table;
            for (User user : created) {
                next = next.user(user.username()).isPresent() ? next : next.with(user);
            }
            return next;
        }, store::save);
        return List.copyOf(created);
    }
}
