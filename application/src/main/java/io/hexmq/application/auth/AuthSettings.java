package io.hexmq.application.auth;

import io.hexmq.domain.auth.User;
import java.util.Objects;
import java.util.Optional;

/**
 * ACL 2.0's switches and first users, with RocketMQ's names.
 *
 * @param authenticationEnabled {@code authenticationEnabled}: every request must be signed by a known,
 *                              enabled user
 * @param authorizationEnabled  {@code authorizationEnabled}: every request must be allowed by its user's
 *                              policies (super users are allowed everything)
 * @param initialUser           {@code initAuthenticationUser}: the first super user, created when missing
 * @param innerUser             {@code innerClientAuthenticationCredentials}: the super user the server itself
 *                              signs with towards the other components, created when missing
 */
public record AuthSettings(boolean authenticationEnabled, boolean authorizationEnabled, Optional<User> initialUser,
                           Optional<User> innerUser) {

    public AuthSettings {
        Objects.requireNonNull(initialUser, "initialUser");
        Objects.requireNonNull(innerUser, "innerUser");
    }

    /** Everything off: anyone who reaches the port may do anything, RocketMQ's default. */
    public static AuthSettings disabled() {
        return new AuthSettings(false, false, Optional.empty(), Optional.empty());
    }
}
