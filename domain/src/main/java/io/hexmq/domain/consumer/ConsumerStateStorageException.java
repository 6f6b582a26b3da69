package io.hexmq.domain.consumer;

import io.hexmq.domain.DomainException;

/**
 * The {@link io.hexmq.domain.consumer.port.ConsumerOffsetStore} or
 * {@link io.hexmq.domain.consumer.port.SubscriptionGroupStore} could not load or save; adapters wrap
 * their I/O and parse failures in it.
 */
public final class ConsumerStateStorageException extends DomainException {

    public ConsumerStateStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
