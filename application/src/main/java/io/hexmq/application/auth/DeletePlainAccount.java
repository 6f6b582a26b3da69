package io.hexmq.application.auth;

import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;

/**
 * An admin removes an ACL 1.0 account (DELETE_ACL_CONFIG, {@code mqadmin deleteAclConfig}) and the file is
 * written back. The account must exist.
 */
public final class DeletePlainAccount {

    private final PlainAclDirectory directory;
    private final PlainAclStore store;
    private final Clock clock;

    public DeletePlainAccount(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public void delete(String accessKey) {
        directory.change(table -> {
            if (table.account(accessKey).isEmpty()) {
                throw new InvalidAuthDataException("no account has the accessKey " + accessKey);
            }
            return table.without(accessKey, clock.millis());
        }, store::save);
    }
}
