package io.hexmq.application.replication;

import io.hexmq.domain.DomainException;

/**
 * A replica's message store refused a committed append for a reason of its own (stopped, disk full), not for
 * the message's: going on would leave this replica without a message the others hold.
 */
public final class StoreRefusedAppendException extends DomainException {

    public StoreRefusedAppendException(String message) {
        super(message);
    }
}
