package io.hexmq.application.fakes;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;

/** Keeps the last saved consumer offsets in memory. */
public final class InMemoryConsumerOffsetStore implements ConsumerOffsetStore {

    private volatile ConsumerOffsetTable saved = ConsumerOffsetTable.EMPTY;

    @Override
    public ConsumerOffsetTable load() {
        return saved;
    }

    @Override
    public void save(ConsumerOffsetTable table) {
        saved = table;
    }
}
