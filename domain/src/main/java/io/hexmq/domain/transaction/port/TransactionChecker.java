package io.hexmq.domain.transaction.port;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.transaction.TransactionCheck;

/**
 * Asks a producer of a group what became of a transaction it left open (CHECK_TRANSACTION_STATE).
 * The producer answers later and on its own, with an END_TRANSACTION; nothing comes back through here.
 *
 * <p>Promise: fire and forget, never blocks: the request is queued to one live connection of the
 * group, or dropped when the group has none. Cost: one oneway write. A lost request is harmless: the
 * half message stays unresolved and is checked again at the next round.
 */
public interface TransactionChecker {

    /** @return true when a live producer of {@code producerGroup} was handed the check */
    boolean check(GroupName producerGroup, TransactionCheck check);
}
