package io.hexmq.domain.consumer.port;

import io.hexmq.domain.consumer.ConsumerOffsetTable;

/**
 * Durable home of the offsets consumer groups committed (RocketMQ keeps them in
 * {@code config/consumerOffset.json}).
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * table or a later one, never a mix. Cost: one synchronous write of the whole table per save; the
 * broker saves on a timer (every few seconds) and at shutdown, not per commit, so a crash loses the
 * commits since the last save and consumers re-consume those messages.
 *
 * <p>Calls never overlap: one job saves at a time. Failures surface as
 * {@link io.hexmq.domain.consumer.ConsumerStateStorageException}.
 */
public interface ConsumerOffsetStore {

    /** The last saved table, or {@link ConsumerOffsetTable#EMPTY} when nothing was ever saved. */
    ConsumerOffsetTable load();

    /** Replaces what is stored with {@code table}, durably, before returning. */
    void save(ConsumerOffsetTable table);
}
