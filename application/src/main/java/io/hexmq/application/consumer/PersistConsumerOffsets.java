package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import java.util.Objects;

/**
 * Saves all committed offsets; the caller runs it every {@link BrokerSettings#flushConsumerOffsetInterval()}
 * and once at shutdown, from one thread, so saves never overlap. The only writer of the
 * {@link ConsumerOffsetStore}: removals (deleted groups and topics) reach disk through it too.
 */
public final class PersistConsumerOffsets {

    private final ConsumerOffsets offsets;
    private final ConsumerOffsetStore store;

    public PersistConsumerOffsets(ConsumerOffsets offsets, ConsumerOffsetStore store) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.store = Objects.requireNonNull(store, "store");
    }

    /** @throws io.hexmq.domain.consumer.ConsumerStateStorageException when saving fails; the next run retries */
    public void persist() {
        store.save(offsets.snapshot());
    }
}
