package io.hexmq.domain.message.port;

import io.hexmq.domain.message.TimerProgress;

/**
 * Durable home of the timer scheduler's progress ({@link TimerProgress}), so timer messages survive a
 * broker restart.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * progress or a later one, never a mix; progress saved by an earlier hexmq (a scan start and the last
 * delivered pair, no marker offset) still loads, as {@link TimerProgress#beforeMarkers}. Cost: one
 * synchronous write of two numbers per save; the scheduler saves after each run that moved them. A
 * crash before a save leaves the previous progress, which only ever makes the scheduler re-read more
 * records: it redelivers (at least once), never loses.
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
