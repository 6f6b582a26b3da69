package io.hexmq.application.fakes;

import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import java.util.List;

/**
 * A {@link PopStateStore} in memory: the state written so far, as a restarted broker would load it. An
 * append is applied to the value at once; {@link #saves()} counts both kinds of write.
 */
public final class InMemoryPopStateStore extends InMemoryValue<PopState> implements PopStateStore {

    private int snapshots;

    public InMemoryPopStateStore() {
        super(PopState.EMPTY);
    }

    @Override
    public synchronized void save(PopState value) {
        snapshots++;
        super.save(value);
    }

    @Override
    public synchronized void append(List<PopChange> changes) {
        super.save(load().with(changes));
    }

    /** How many writes saved a whole state. */
    public synchronized int snapshots() {
        return snapshots;
    }
}
