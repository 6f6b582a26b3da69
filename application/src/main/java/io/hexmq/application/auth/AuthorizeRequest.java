package io.hexmq.application.auth;

import io.hexmq.domain.auth.AccessNeed;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.User;
import java.net.InetAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A server decides whether an authenticated user may do what its request needs, from where it is. */
public final class AuthorizeRequest {

    private final AuthDirectory directory;

    public AuthorizeRequest(AuthDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /** The first need the user's policies do not allow, or empty when they allow every one. */
    public Optional<AccessNeed> firstRefused(User user, List<AccessNeed> needs, InetAddress source) {
        return directory.snapshot().firstRefused(user, needs, source);
    }
}
