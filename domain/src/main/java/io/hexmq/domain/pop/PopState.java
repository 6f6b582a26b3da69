package io.hexmq.domain.pop;

import java.util.List;
import java.util.Objects;

/**
 * Everything POP keeps durably, saved as one value: the checkpoints in flight, and how far the group's POPs
 * have handed out each queue. The offsets are saved with the checkpoints they went with, so after a crash
 * the broker neither hands out again what was acked nor skips what was not.
 */
public record PopState(List<PopCheckpoint> checkpoints, List<PopOffset> offsets) {

    public static final PopState EMPTY = new PopState(List.of(), List.of());

    public PopState {
        checkpoints = List.copyOf(Objects.requireNonNull(checkpoints, "checkpoints"));
        offsets = List.copyOf(Objects.requireNonNull(offsets, "offsets"));
    }

    /** This state with {@code changes} applied in their order, as a store that replays them ends in. */
    public PopState with(List<PopChange> changes) {
        PopCheckpoints replayed = new PopCheckpoints(List.of());
        replayed.restore(this);
        replayed.apply(changes);
        return replayed.state();
    }
}
