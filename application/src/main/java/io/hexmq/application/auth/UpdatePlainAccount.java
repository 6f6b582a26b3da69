package io.hexmq.application.auth;

import io.hexmq.domain.auth.InvalidAuthDataException;
import io.hexmq.domain.auth.plain.AddressPattern;
import io.hexmq.domain.auth.plain.PlainAccount;
import io.hexmq.domain.auth.plain.PlainAclDirectory;
import io.hexmq.domain.auth.plain.PlainPerm;
import io.hexmq.domain.auth.plain.port.PlainAclStore;
import io.hexmq.domain.time.port.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin creates or changes an ACL 1.0 account (UPDATE_AND_CREATE_ACL_CONFIG, {@code mqadmin updateAclConfig})
 * and the file is written back. What the command leaves empty stays as the account has it; a new account needs
 * a secret, and takes DENY for a default it is not given, as RocketMQ reads an account without one.
 */
public final class UpdatePlainAccount {

    public record Command(String accessKey, Optional<String> secretKey, Optional<AddressPattern> whiteRemoteAddress,
                          boolean admin, Optional<PlainPerm> defaultTopicPerm, Optional<PlainPerm> defaultGroupPerm,
                          Optional<Map<String, PlainPerm>> topicPerms, Optional<Map<String, PlainPerm>> groupPerms) {
        public Command {
            Objects.requireNonNull(secretKey, "secretKey");
            Objects.requireNonNull(whiteRemoteAddress, "whiteRemoteAddress");
            Objects.requireNonNull(defaultTopicPerm, "defaultTopicPerm");
            Objects.requireNonNull(defaultGroupPerm, "defaultGroupPerm");
            Objects.requireNonNull(topicPerms, "topicPerms");
            Objects.requireNonNull(groupPerms, "groupPerms");
            if (accessKey == null || accessKey.isBlank()) {
                throw new InvalidAuthDataException("an account needs an accessKey");
            }
        }
    }

    private final PlainAclDirectory directory;
    private final PlainAclStore store;
    private final Clock clock;

    public UpdatePlainAccount(PlainAclDirectory directory, PlainAclStore store, Clock clock) {
        this.directory = Objects.requireNonNull(directory, "directory");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public void update(Command command) {
        directory.change(table -> {
            Optional<PlainAccount> old = table.account(command.accessKey());
            PlainAccount account = new PlainAccount(command.accessKey(),
                    command.secretKey().or(() -> old.map(PlainAccount::secretKey)).orElse(null),
                    command.whiteRemoteAddress().or(() -> old.map(PlainAccount::whiteRemoteAddress))
                            .orElse(AddressPattern.none()),
                    command.admin(),
                    command.defaultTopicPerm().or(() -> old.map(PlainAccount::defaultTopicPerm)).orElse(PlainPerm.DENY),
                    command.defaultGroupPerm().or(() -> old.map(PlainAccount::defaultGroupPerm)).orElse(PlainPerm.DENY),
                    command.topicPerms().or(() -> old.map(PlainAccount::topicPerms)).orElse(Map.of()),
                    command.groupPerms().or(() -> old.map(PlainAccount::groupPerms)).orElse(Map.of()));
            return table.with(account, clock.millis());
        }, store::save);
    }
}
