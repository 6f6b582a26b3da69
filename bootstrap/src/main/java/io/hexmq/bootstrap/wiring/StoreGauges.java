package io.hexmq.bootstrap.wiring;

import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.port.MessageStore;
import java.util.function.LongSupplier;

/** Figures of the chosen store that GET_BROKER_RUNTIME_INFO reports; each store module provides its own. */
public record StoreGauges(LongSupplier earliestMessageTime, LongSupplier commitLogMinOffset,
                          LongSupplier commitLogMaxOffset) {

    /**
     * The gauges of a store whose commit log spans the two offsets given: the earliest message time is
     * the store timestamp of the record at the minimum offset, 0 while there is none.
     */
    static StoreGauges of(MessageStore store, LongSupplier commitLogMinOffset, LongSupplier commitLogMaxOffset) {
        return new StoreGauges(() -> store.lookup(commitLogMinOffset.getAsLong())
                .map(record -> MessageLayout.storeTimestamp(record, record.position()))
                .orElse(0L),
                commitLogMinOffset, commitLogMaxOffset);
    }
}
