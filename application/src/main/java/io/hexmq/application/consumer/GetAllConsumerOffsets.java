package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerOffsetTable;
import io.hexmq.domain.consumer.ConsumerOffsets;
import java.util.Objects;

/** Every committed offset of every group on this broker, as one consistent-per-queue table. */
public final class GetAllConsumerOffsets {

    private final ConsumerOffsets offsets;

    public GetAllConsumerOffsets(ConsumerOffsets offsets) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
    }

    public ConsumerOffsetTable get() {
        return offsets.snapshot();
    }
}
