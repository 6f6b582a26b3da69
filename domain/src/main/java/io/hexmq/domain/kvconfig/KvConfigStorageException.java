package io.hexmq.domain.kvconfig;

import io.hexmq.domain.DomainException;

/**
 * The {@link io.hexmq.domain.kvconfig.port.KvConfigStore} could not load or save the KV config; adapters
 * wrap their I/O failures in it. A failed save leaves the in-memory config as it was before the change.
 */
public final class KvConfigStorageException extends DomainException {

    public KvConfigStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
