package io.hexmq.domain.replication.port;

import io.hexmq.domain.replication.DurablePoint;
import io.hexmq.domain.replication.GroupRole;

/**
 * What a replica does with its group's committed entries: the broker's side of the {@link GroupLog}.
 * The log calls it from one thread, in log order.
 */
public interface CommittedEntries {

    /**
     * Applies one committed entry to this replica's stores and returns the answer for its proposer (the
     * offsets a message got, say). Must be deterministic: every replica applies the same bytes to the
     * same state and ends in the same state. After a crash an entry at or below the replica's last
     * applied index may be offered again; it must then change nothing (and may answer anything).
     */
    byte[] apply(long index, byte[] entry);

    /**
     * Makes everything applied so far durable (flushes the store and the state files) and says up to which
     * entry, so that the log may be purged behind it.
     */
    DurablePoint makeDurable();

    /** This replica's role changed: it leads, follows or takes part in an election. */
    void roleChanged(GroupRole role);
}
