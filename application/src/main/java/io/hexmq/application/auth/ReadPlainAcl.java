package io.hexmq.application.auth;

import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import java.util.Objects;

/**
 * An admin reads ACL 1.0's current table and where it is kept (GET_BROKER_CLUSTER_ACL_INFO for its version,
 * {@code mqadmin clusterAclConfigVersion}; GET_BROKER_CLUSTER_ACL_CONFIG for its accounts).
 */
public final class ReadPlainAcl {

    public record Snapshot(PlainAclTable table, String location) {
    }

    private final PlainAclDirectory directory;
    private final PlainAclStore store;

    public ReadPlainAcl(PlainAclDirectory directory, PlainAclStore store) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
    }

    public Snapshot read() {
        return new Snapshot(directory.snapshot(), store.location());
    }
}
