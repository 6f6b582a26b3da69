package io.hexmq.application.fakes;

import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.TimerProgressStore;

/** A {@link TimerProgressStore} in memory. */
public final class InMemoryTimerProgressStore extends InMemoryValue<TimerProgress> implements TimerProgressStore {

    public InMemoryTimerProgressStore() {
        super(TimerProgress.NONE);
    }
}
