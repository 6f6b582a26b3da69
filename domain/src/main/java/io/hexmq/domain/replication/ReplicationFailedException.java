package io.hexmq.domain.replication;

import io.hexmq.domain.DomainException;

/**
 * The group's log could not say that a write committed, for a reason other than leadership: it is
 * overloaded, stopping, or failed. The write may still have been committed, so a caller answers it as
 * failed without promising that it was not stored (RocketMQ's clients retry such a send).
 */
public final class ReplicationFailedException extends DomainException {

    public ReplicationFailedException(String message) {
        super(message);
    }

    public ReplicationFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
