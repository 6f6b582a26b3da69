package io.hexmq.domain.message.port;

import io.hexmq.domain.message.TimerProgress;

/**
 * Durable home of the timer scheduler's progress ({@link TimerProgress}), so timer messages survive a
 * broker restart.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * progress or a later one, never a mix. Cost: one synchronous write of three numbers per save; the
 * scheduler saves after each run that delivered something. A crash between a delivery and the next
 * save delivers those messages again (at least once), never loses them.
 *
 * <p>Calls never overlap: the single scheduler saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface TimerProgressStore {

    /** The last saved progress, or {@link TimerProgress#NONE} when nothing was ever saved. */
    TimerProgress load();

    /** Replaces what is stored with {@code progress}, durably, before returning. */
    void save(TimerProgress progress);
}
