package io.hexmq.application.fakes;

import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.port.DelayProgressStore;

/** A {@link DelayProgressStore} in memory. */
public final class InMemoryDelayProgressStore extends InMemoryValue<DelayProgress> implements DelayProgressStore {

    public InMemoryDelayProgressStore() {
        super(DelayProgress.NONE);
    }
}
