package io.hexmq.application.fakes;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;

/** A {@link ConsumerOffsetStore} in memory. */
public final class InMemoryConsumerOffsetStore extends InMemoryValue<ConsumerOffsetTable>
        implements ConsumerOffsetStore {

    public InMemoryConsumerOffsetStore() {
        super(ConsumerOffsetTable.EMPTY);
    }
}
