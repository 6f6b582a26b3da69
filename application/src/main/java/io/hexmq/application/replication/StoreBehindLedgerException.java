package io.hexmq.application.replication;

import io.hexmq.domain.DomainException;

/**
 * A replica's message store holds less than its apply ledger says it applied: the machine lost what the
 * store had not flushed. Going on would make this replica's store differ from the group's.
 */
public final class StoreBehindLedgerException extends DomainException {

    public StoreBehindLedgerException(String message) {
        super(message);
    }
}
