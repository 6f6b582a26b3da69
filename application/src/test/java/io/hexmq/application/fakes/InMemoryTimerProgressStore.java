package io.hexmq.application.fakes;

import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.TimerProgressStore;

/** A {@link TimerProgressStore} in memory; counts saves so tests see when progress was persisted. */
public final class InMemoryTimerProgressStore implements TimerProgressStore {

    private TimerProgress saved = TimerProgress.NONE;
    private int saves;

    @Override
    public synchronized TimerProgress load() {
        return saved;
    }

    @Override
    public synchronized void save(TimerProgress progress) {
        saved = progress;
        saves++;
    }

    public synchronized int saves() {
        return saves;
    }
}
