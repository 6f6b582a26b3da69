package io.hexmq.storage;

/**
 * A topic-queue as a store holds it: the logical offsets {@code [minOffset, maxOffset)}, where
 * {@code maxOffset} is the next one to be written. Each store's own consume queue implements it, so the
 * queries every store answers alike ({@link OffsetQueries}) run over it without a wrapper.
 */
public interface QueueRange {

    long minOffset();

    long maxOffset();
}
