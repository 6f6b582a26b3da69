package io.hexmq.application.broker;

import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;
import java.util.Optional;

/**
 * An operator asks how the broker's master-slave replication stands (GET_BROKER_HA_STATUS, {@code mqadmin
 * haStatus}). A broker on its own is a master with no slaves: its commit log's end and no slave in sync, as
 * RocketMQ's standalone master reports. A replica of a broker group has no master-slave replication to
 * report: its group replicates by a Raft log, and RocketMQ's broker on DLedger answers no status either.
 */
public final class GetBrokerHaStatus {

    /** A master's view: where its commit log ends, and how many slaves have caught up (none here). */
    public record MasterStatus(long commitLogMaxOffset, int inSyncSlaves) {
    }

    private final MessageStore store;
    private final boolean replicaOfAGroup;

    public GetBrokerHaStatus(MessageStore store, boolean replicaOfAGroup) {
        this.store = Objects.requireNonNull(store, "store");
        this.replicaOfAGroup = replicaOfAGroup;
    }

    /** @return the master's status, or empty on a replica of a broker group */
    public Optional<MasterStatus> get() {
        if (replicaOfAGroup) {
            return Optional.empty();
        }
        return Optional.of(new MasterStatus(store.commitLogMaxOffset(), 0));
    }
}
