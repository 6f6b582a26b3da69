package io.hexmq.client.internal.offsets;

import io.hexmq.client.MessageQueue;
import java.util.OptionalLong;

/**
 * A push consumer's offsets: the next offset to consume per queue, kept in memory as consumption
 * progresses and written out by {@link #persist}. Clustering consumers keep them on the brokers
 * ({@link RemoteOffsetStore}), broadcasting ones locally ({@link LocalOffsetStore}).
 */
public interface OffsetStore {

    /** The stored offset of the queue (what {@link #persist} last wrote), empty if none; may call a broker. */
    OptionalLong readStored(MessageQueue queue);

    /** The in-memory offset, -1 if none. */
    long current(MessageQueue queue);

    /** Sets the in-memory offset; with {@code increaseOnly} a smaller value is ignored. */
    void update(MessageQueue queue, long offset, boolean increaseOnly);

    /** Writes every in-memory offset; {@code await}: wait (bounded) until written, for a clean close. */
    void persistAll(boolean await);

    /** Writes the queue's offset, then forgets it (the queue was assigned away). */
    void persistAndRemove(MessageQueue queue);
}
