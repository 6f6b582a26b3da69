package io.hexmq.domain.auth;

import io.hexmq.domain.DomainException;

/** A user or policy that breaks the model's rules (a blank name, an empty password, a bad resource). */
public final class InvalidAuthDataException extends DomainException {

    public InvalidAuthDataException(String message) {
        super(message);
    }
}
