package io.hexmq.domain.replication.port;

import io.hexmq.domain.replication.AppliedPoint;

/**
 * How far this replica's stores have applied the group's log: the position of the last applied entry and
 * where the message store's log ended after it. Written after every apply, read at start, so that entries
 * the log offers again after a kill -9 are recognised as already applied.
 *
 * <p><b>Promise.</b> {@link #last} returns the last point {@link #record}ed before the process died, or one
 * before it, never a mix of two points. <b>Cost.</b> {@link #record} is a write to memory (no fsync per
 * entry): a killed process keeps the page cache; {@link #force} makes the last point survive a power loss
 * and is called where the stores are flushed. <b>Crash.</b> A ledger that was never written reads
 * {@link AppliedPoint#NONE}.
 */
public interface ApplyLedger {

    /** The last recorded point, or {@link AppliedPoint#NONE}. */
    AppliedPoint last();

    /** Records {@code point} as the last applied one; called from the one applying thread. */
    void record(AppliedPoint point);

    /** Forces the last recorded point to disk. */
    void force();

    /**
     * Reads the ledger's file again: the stores' files, the ledger's among them, were just replaced by a
     * leader's (see {@link CommittedEntries#install}), so the last point is the one the leader recorded.
     */
    void reopen();
}
