package io.hexmq.bootstrap.wiring;

import io.hexmq.domain.replication.ReplicationFailedException;
import io.hexmq.domain.replication.port.DurableFiles;
import io.hexmq.domain.replication.port.StoreFiles;

/**
 * Catching a follower up by the leader's store files, until the stores can list and install them: a follower
 * that fell behind the purged log cannot rejoin and says so (raise {@code groupSnapshotThreshold} to keep
 * more log, or copy the leader's store directory by hand).
 */
final class UnavailableStoreFiles implements StoreFiles {

    @Override
    public DurableFiles freeze() {
        throw new ReplicationFailedException(
                "this broker's stores cannot ship their files yet; a follower behind the purged log cannot catch up");
    }

    @Override
    public void replaceWith(DurableFiles received) {
        throw new ReplicationFailedException(
                "this broker's stores cannot install a leader's files yet; copy the leader's store directory by hand");
    }
}
