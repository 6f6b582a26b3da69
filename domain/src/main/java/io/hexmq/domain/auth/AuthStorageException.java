package io.hexmq.domain.auth;

import io.hexmq.domain.DomainException;

/** The {@link io.hexmq.domain.auth.port.AuthStore} could not load or save; adapters wrap their failures in it. */
public final class AuthStorageException extends DomainException {

    public AuthStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
