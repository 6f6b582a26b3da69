package io.hexmq.domain.message.port;

import io.hexmq.domain.message.DelayProgress;

/**
 * Durable home of the delay scheduler's progress (RocketMQ keeps it in {@code config/delayOffset.json}),
 * so delayed messages survive a broker restart without being delivered twice or lost.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * progress or a later one, never a mix. Cost: one synchronous write of the whole (tiny) table per save;
 * the scheduler saves after each run that delivered something. A crash between a delivery and the next
 * save delivers those messages again (at least once), never loses them.
 *
 * <p>Calls never overlap: the single scheduler saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface DelayProgressStore {

    /** The last saved progress, or {@link DelayProgress#NONE} when nothing was ever saved. */
    DelayProgress load();

    /** Replaces what is stored with {@code progress}, durably, before returning. */
    void save(DelayProgress progress);
}
