package io.hexmq.bootstrap.wiring;

import io.hexmq.adapters.file.state.YamlPlainAclStore;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainAclTable;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import java.nio.file.Path;

/**
 * A broker's ACL 1.0 accounts, read from {@code plain_acl.yml} before wiring starts (so no Guice module opens a
 * file), with the store that keeps them. A missing file is an empty table: every request is refused until an
 * account is written, as RocketMQ refuses with no account configured.
 */
public record PlainAclState(PlainAclStore store, PlainAclDirectory directory) {

    public static PlainAclState load(Path file, Clock clock) {
        PlainAclStore store = new YamlPlainAclStore(file, clock);
        return new PlainAclState(store, new PlainAclDirectory(store.load()
                .orElseGet(() -> PlainAclTable.empty(clock.millis()))));
    }
}
