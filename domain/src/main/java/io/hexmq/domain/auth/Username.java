package io.hexmq.domain.auth;

import io.hexmq.domain.TextValue;

/** The name a user signs in with: the official client's access key. Not blank. */
public record Username(String value) implements TextValue<Username> {

    public Username {
        TextValue.requireNonBlank(value, () -> new InvalidAuthDataException("username must not be blank"));
    }

    @Override
    public String toString() {
        return value;
    }
}
