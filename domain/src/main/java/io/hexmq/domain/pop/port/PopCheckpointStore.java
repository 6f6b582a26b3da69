package io.hexmq.domain.pop.port;

import io.hexmq.domain.pop.PopCheckpoint;
import java.util.List;

/**
 * Durable home of the broker's POP checkpoints (popped, unacked messages), so a restart or a crash loses
 * no unacked message: it is delivered again after its invisible time, and one acked before is not.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns exactly
 * what was saved last, never a mix. Each save replaces everything stored (an absolute value, so a
 * replicated broker can carry saves as they are). Cost: one synchronous write of every checkpoint in
 * flight per save. Callers serialise their saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface PopCheckpointStore {

    /** The checkpoints saved last; empty when nothing was ever saved. */
    List<PopCheckpoint> load();

    /** Replaces what is stored with {@code checkpoints}, durably, before returning. */
    void save(List<PopCheckpoint> checkpoints);
}
