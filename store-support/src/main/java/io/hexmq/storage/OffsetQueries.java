package io.hexmq.storage;

import java.util.Objects;
import java.util.OptionalLong;

/**
 * The offset queries of {@link io.hexmq.domain.message.port.MessageStore}, alike in every store: a
 * topic-queue's bounds, the first offset stored at or after a time and the earliest store time (the
 * searches of {@link QueueOffsets}), over the store's own queue type. A queue the store does not have
 * answers 0, or no time.
 *
 * <p>Bounds cost the store's queue lookup and two volatile reads; the searches by time read one store
 * time per step of a binary search.
 *
 * @param <Q> the store's consume queue
 */
public final class OffsetQueries<Q extends QueueRange> {

    /** What the queries read of a store. */
    public interface Queues<Q> {

        /** The topic-queue, or null when the store does not have it. */
        Q find(String topic, int queueId);

        /** Store time of the message at {@code queueOffset} of {@code queue}; -1 when it is gone (it sorts as oldest). */
        long storeTimeAt(Q queue, long queueOffset);
    }

    private final Queues<Q> queues;

    public OffsetQueries(Queues<Q> queues) {
        this.queues = Objects.requireNonNull(queues, "queues");
    }

    public long minOffset(String topic, int queueId) {
        Q queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.minOffset();
    }

    public long maxOffset(String topic, int queueId) {
        Q queue = queues.find(topic, queueId);
        return queue == null ? 0 : queue.maxOffset();
    }

    /** See {@link QueueOffsets#firstStoredAtOrAfter}; 0 for a queue the store does not have. */
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        Q queue = queues.find(topic, queueId);
        if (queue == null) {
            return 0;
        }
        return QueueOffsets.firstStoredAtOrAfter(queue.minOffset(), queue.maxOffset(), timestampMillis,
            queueOffset -> queues.storeTimeAt(queue, queueOffset));
    }

    /** See {@link QueueOffsets#earliestStoreTime}; empty for a queue the store does not have. */
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        Q queue = queues.find(topic, queueId);
        if (queue == null) {
            return OptionalLong.empty();
        }
        return QueueOffsets.earliestStoreTime(queue.minOffset(), queue.maxOffset(),
            queueOffset -> queues.storeTimeAt(queue, queueOffset));
    }
}
