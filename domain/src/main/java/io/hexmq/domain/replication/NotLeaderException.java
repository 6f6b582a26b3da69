package io.hexmq.domain.replication;

import io.hexmq.domain.DomainException;
import java.util.Optional;

/**
 * A write reached a replica that cannot take it: it follows, it is electing, or it lost its majority
 * before the write committed. A RocketMQ slave answers such a send SERVICE_NOT_AVAILABLE; the remark
 * names the leader when one is known, so an operator (and a client at its next route refresh) finds it.
 */
public final class NotLeaderException extends DomainException {

    private final transient Optional<ReplicaId> leader;

    public NotLeaderException(String message, Optional<ReplicaId> leader) {
        super(message);
        this.leader = leader;
    }

    public Optional<ReplicaId> leader() {
        return leader;
    }
}
