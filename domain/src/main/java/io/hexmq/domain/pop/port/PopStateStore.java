package io.hexmq.domain.pop.port;

import io.hexmq.domain.pop.PopState;

/**
 * Durable home of the broker's POP state (popped, unacked messages, and how far POPs have come in each
 * queue), so a restart or a crash loses
 * no unacked message: it is delivered again after its invisible time, and one acked before is not.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns exactly
 * what was saved last, never a mix. Each save replaces everything stored (an absolute value, so a
 * replicated broker can carry saves as they are). Cost: one synchronous write of every checkpoint in
 * flight (and every queue offset) per save. Callers serialise their saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface PopStateStore {

    /** The state saved last; {@link PopState#EMPTY} when nothing was ever saved. */
    PopState load();

    /** Replaces what is stored with {@code state}, durably, before returning. */
    void save(PopState state);
}
