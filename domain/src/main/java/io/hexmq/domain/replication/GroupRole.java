package io.hexmq.domain.replication;

import java.util.Objects;
import java.util.Optional;

/**
 * What this replica is in its group at a term: the leader is the group's master (it takes writes and
 * registers as brokerId 0), a follower is a slave that serves reads, a candidate is between the two: an
 * election runs, or this replica won one and is still applying the entries of earlier terms.
 *
 * @param leader the replica this one believes leads at {@code term}, if it knows one (itself when leading)
 */
public record GroupRole(Kind kind, long term, Optional<ReplicaId> leader) {

    public enum Kind { LEADER, FOLLOWER, CANDIDATE }

    public GroupRole {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(leader, "leader");
        if (term < 0) {
            throw new IllegalArgumentException("term must not be negative: " + term);
        }
    }

    public boolean isLeader() {
        return kind == Kind.LEADER;
    }
}
