package io.hexmq.application.replication;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.route.BrokerId;
import java.util.Objects;
import java.util.Optional;

/**
 * What this replica is in its broker group right now, as the broker acts on it: the leader is the group's
 * master (brokerId 0: it takes sends and runs the scheduled writers), any other replica a slave with its own
 * brokerId (it serves pulls). Starts as a slave until the group's log says otherwise. Thread-safe: the log's
 * thread changes it, every other thread reads it.
 */
public final class ReplicaRoles {

    private final BrokerId slaveId;
    private volatile GroupRole role;

    /** @param slaveId the brokerId this replica registers with while it does not lead; 1 or more */
    public ReplicaRoles(BrokerId slaveId) {
        if (Objects.requireNonNull(slaveId, "slaveId").isMaster()) {
            throw new IllegalArgumentException("a replica that does not lead cannot register as master");
        }
        this.slaveId = slaveId;
        this.role = new GroupRole(GroupRole.Kind.CANDIDATE, 0, Optional.empty());
    }

    /** Takes the role the group's log reported. */
    public void changeTo(GroupRole next) {
        role = Objects.requireNonNull(next, "next");
    }

    public GroupRole role() {
        return role;
    }

    /** Whether this replica leads its group, so runs what only the master runs. */
    public boolean leads() {
        return role.isLeader();
    }

    /** The brokerId to register with: 0 while leading, this replica's slave id otherwise. */
    public BrokerId brokerId() {
        return leads() ? BrokerId.MASTER : slaveId;
    }
}
