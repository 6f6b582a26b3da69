package io.hexmq.domain.replication;

import java.util.Objects;

/**
 * How far one replica of the group holds the log, as the leader sees it.
 *
 * @param matchIndex the highest log index known to be held by that replica
 */
public record PeerProgress(ReplicaId replica, long matchIndex) {

    public PeerProgress {
        Objects.requireNonNull(replica, "replica");
    }
}
