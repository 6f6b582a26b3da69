package io.hexmq.domain.auth;

import java.util.Objects;

/**
 * A user of ACL 2.0: its name, its password (the secret its requests are signed with), whether it is a
 * super or a normal user, and whether it is enabled. Prints without its password.
 */
public record User(Username username, String password, UserType type, UserStatus status) {

    public User {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        if (password.isEmpty()) {
            throw new InvalidAuthDataException("the password of user " + username + " must not be empty");
        }
    }

    /** An enabled user. */
    public static User enabled(String username, String password, UserType type) {
        return new User(new Username(username), password, type, UserStatus.ENABLE);
    }

    public boolean isSuper() {
        return type == UserType.SUPER;
    }

    public boolean isEnabled() {
        return status == UserStatus.ENABLE;
    }

    @Override
    public String toString() {
        return "User[" + username + ", " + type + ", " + status + "]";
    }
}
