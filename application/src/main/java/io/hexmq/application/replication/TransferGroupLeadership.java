package io.hexmq.application.replication;

import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.port.GroupLog;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * An operator hands the broker group's leadership to a replica of their choice (TRANSFER_GROUP_LEADERSHIP, {@code
 * hexmq admin cluster transfer-leader}), to move the master off a host before its maintenance, say. Any replica
 * may be asked: the group's log carries the request to the leader. Completes once the named replica leads; the
 * new leader registers as master at once, as after an election.
 */
public final class TransferGroupLeadership {

    private final GroupLog log;

    public TransferGroupLeadership(GroupLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    public CompletionStage<Void> transferTo(ReplicaId replica) {
        return log.transferLeadership(Objects.requireNonNull(replica, "replica"));
    }
}
