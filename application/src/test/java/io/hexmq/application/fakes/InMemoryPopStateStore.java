package io.hexmq.application.fakes;

import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;

/** A {@link PopStateStore} in memory: the last saved state, as a restarted broker would load it. */
public final class InMemoryPopStateStore extends InMemoryValue<PopState> implements PopStateStore {

    public InMemoryPopStateStore() {
        super(PopState.EMPTY);
    }
}
