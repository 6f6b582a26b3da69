package io.hexmq.domain.kvconfig;

import io.hexmq.domain.DomainException;

/** A KV config namespace or key is empty. */
public final class InvalidKvConfigException extends DomainException {

    InvalidKvConfigException(String message) {
        super(message);
    }
}
