package io.hexmq.domain.pop.port;

import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopState;
import java.util.List;

/**
 * Durable home of the broker's POP state (popped, unacked messages, and how far POPs have come in each
 * queue), so a restart or a crash loses no unacked message: it is delivered again after its invisible time,
 * and one acked before is not.
 *
 * <p>Written two ways: {@link #append} adds the changes made since the last write, and costs what they are
 * (the way every POP and ack is written); {@link #save} replaces everything stored with a whole state, a
 * snapshot that lets the store forget the changes before it. Promise: once either returns, a later
 * {@link #load}, also after the process is killed, returns the state written so far: the last saved state
 * with every change appended after it applied in order, never part of one write. Whether a write is also
 * forced to the disk before it returns (so it survives a power loss too) is the store's flush setting.
 * Callers serialise their writes. Failures surface as {@link io.hexmq.domain.message.StorageException}.
 */
public interface PopStateStore {

    /** The state written so far; {@link PopState#EMPTY} when nothing was ever written. */
    PopState load();

    /** Replaces what is stored with {@code state} before returning. */
    void save(PopState state);

    /** Adds {@code changes}, in their order, to what is stored before returning. */
    void append(List<PopChange> changes);
}
