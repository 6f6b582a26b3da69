package io.hexmq.domain.replication;

import java.util.List;
import java.util.Objects;

/**
 * One replica's view of its group, for operators (cluster list, runtime info). Indexes count replication
 * rounds of the log (one round may carry several proposals), so their differences say how far a replica
 * is behind.
 *
 * @param commitIndex the highest log index this replica knows to be committed
 * @param appliedIndex the highest log index applied to this replica's stores
 * @param peers every other replica's progress as the leader sees it; empty on a follower or candidate
 */
public record GroupStatus(ReplicaId self, GroupRole role, long commitIndex, long appliedIndex,
                          List<PeerProgress> peers) {

    public GroupStatus {
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(role, "role");
        peers = List.copyOf(peers);
    }
}
