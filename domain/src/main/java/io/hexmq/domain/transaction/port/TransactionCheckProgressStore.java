package io.hexmq.domain.transaction.port;

import io.hexmq.domain.transaction.TransactionCheckProgress;

/**
 * Durable home of the transaction check-back's progress, so a restarted broker resumes where it
 * stopped instead of checking every half message again.
 *
 * <p>Promise: after {@link #save} returns, a later {@link #load}, also after a crash, returns that
 * progress or a later one, never a mix. Cost: one small synchronous write per save; the check-back
 * saves at most once per run. A crash between a check and the next save repeats that check after the
 * restart (producers answer checks idempotently), and never skips a half message.
 *
 * <p>Calls never overlap: the single check-back saves. Failures surface as
 * {@link io.hexmq.domain.message.StorageException}.
 */
public interface TransactionCheckProgressStore {

    /** The last saved progress, or {@link TransactionCheckProgress#NONE} when nothing was ever saved. */
    TransactionCheckProgress load();

    /** Replaces what is stored with {@code progress}, durably, before returning. */
    void save(TransactionCheckProgress progress);
}
