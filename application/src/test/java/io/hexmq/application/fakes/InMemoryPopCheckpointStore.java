package io.hexmq.application.fakes;

import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.port.PopCheckpointStore;
import java.util.List;

/** A {@link PopCheckpointStore} in memory: the last saved list, as a restarted broker would load it. */
public final class InMemoryPopCheckpointStore extends InMemoryValue<List<PopCheckpoint>> implements PopCheckpointStore {

    public InMemoryPopCheckpointStore() {
        super(List.of());
    }

    @Override
    public synchronized void save(List<PopCheckpoint> checkpoints) {
        super.save(List.copyOf(checkpoints));
    }
}
