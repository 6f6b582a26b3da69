package io.hexmq.application.fakes;

import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.port.DelayProgressStore;

/** A {@link DelayProgressStore} in memory; counts saves so tests see when progress was persisted. */
public final class InMemoryDelayProgressStore implements DelayProgressStore {

    private DelayProgress saved = DelayProgress.NONE;
    private int saves;

    @Override
    public synchronized DelayProgress load() {
        return saved;
    }

    @Override
    public synchronized void save(DelayProgress progress) {
        saved = progress;
        saves++;
    }

    public synchronized int saves() {
        return saves;
    }
}
