package io.hexmq.bootstrap.wiring;

import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreBacklog;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Figures of the chosen store that GET_BROKER_RUNTIME_INFO reports; each store module provides its own.
 *
 * @param commitLogDirectory where the store keeps its commit log, whose disk brokerStatus reports by path; empty
 *                           for a store without files
 */
public record StoreGauges(LongSupplier earliestMessageTime, LongSupplier commitLogMinOffset,
                          LongSupplier commitLogMaxOffset, LongSupplier undispatchedBytes,
                          LongSupplier unflushedBytes, Optional<Path> commitLogDirectory) {

    /**
     * The gauges of a store whose commit log spans the two offsets given and lives in {@code commitLogDirectory}:
     * the earliest message time is the store timestamp of the record at the minimum offset, 0 while there is none.
     * A supplied store that does not say how far it is behind ({@link StoreBacklog}) reports no backlog.
     */
    static StoreGauges of(MessageStore store, LongSupplier commitLogMinOffset, LongSupplier commitLogMaxOffset,
                          Optional<Path> commitLogDirectory) {
        return new StoreGauges(() -> store.lookup(commitLogMinOffset.getAsLong())
                .map(record -> MessageLayout.storeTimestamp(record, record.position()))
                .orElse(0L),
                commitLogMinOffset, commitLogMaxOffset,
                store instanceof StoreBacklog backlog ? backlog::undispatchedBytes : () -> 0L,
                store instanceof StoreBacklog backlog ? backlog::unflushedBytes : () -> 0L, commitLogDirectory);
    }
}
