package io.hexmq.client.internal.offsets;

import io.hexmq.client.MessageQueue;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The half that every {@link OffsetStore} shares: the next offset to consume per queue, kept in memory
 * as consumption progresses. Subclasses decide where {@link #persistAll} writes it and where
 * {@link #readStored} reads it back from.
 */
abstract class InMemoryOffsets implements OffsetStore {

    /** The in-memory offsets, for the subclass to write out and to forget once written. */
    final Map<MessageQueue, Long> offsets = new ConcurrentHashMap<>();

    @Override
    public final long current(MessageQueue queue) {
        return offsets.getOrDefault(queue, -1L);
    }

    @Override
    public final void update(MessageQueue queue, long offset, boolean increaseOnly) {
        if (increaseOnly) {
            offsets.merge(queue, offset, Math::max);
        } else {
            offsets.put(queue, offset);
        }
    }
}
