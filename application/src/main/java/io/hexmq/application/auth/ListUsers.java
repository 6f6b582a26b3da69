package io.hexmq.application.auth;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.User;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * An admin lists users (AUTH_LIST_USER, AUTH_GET_USER): those whose name contains {@code filter}, every user
 * for an empty one, by name.
 */
public final class ListUsers {

    private final AuthDirectory directory;

    public ListUsers(AuthDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    public List<User> list(String filter) {
        String part = filter == null ? "" : filter;
        return directory.snapshot().users().values().stream()
                .filter(user -> user.username().value().contains(part))
                .sorted(Comparator.comparing(User::username))
                .toList();
    }
}
