package io.hexmq.application.auth;

import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import java.util.List;
import java.util.Objects;

/**
 * An admin replaces ACL 1.0's global white list (UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
 * {@code mqadmin updateGlobalWhiteAddr}): requests from those addresses pass unsigned. The file is written back.
 */
public final class UpdateGlobalWhiteAddresses {

    private final PlainAclDirectory directory;
    private final PlainAclStore store;
    private final Clock clock;

    public UpdateGlobalWhiteAddresses(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public void update(List<AddressPattern> addresses) {
        directory.change(table -> table.withGlobalWhiteRemoteAddresses(addresses, clock.millis()), store::save);
    }
}
