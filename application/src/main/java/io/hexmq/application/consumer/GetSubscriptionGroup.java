package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;
import java.util.Optional;

/**
 * One group's config. An admin reads it as it is; the consume paths (pull, send-back) ask with
 * {@code createIfAllowed}, which gives an unknown group the defaults when
 * {@link BrokerSettings#autoCreateSubscriptionGroup()} is on (or it is a RocketMQ system group).
 */
public final class GetSubscriptionGroup {

    public record Command(GroupName group, boolean createIfAllowed) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final SubscriptionGroups groups;
    private final SubscriptionGroupStore store;
    private final Clock clock;
    private final BrokerSettings settings;

    public GetSubscriptionGroup(SubscriptionGroups groups, SubscriptionGroupStore store, Clock clock,
            BrokerSettings settings) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return empty when the group has no config (SUBSCRIPTION_GROUP_NOT_EXIST) */
    public Optional<SubscriptionGroupConfig> get(Command command) {
        if (!command.createIfAllowed()) {
            return groups.find(command.group());
        }
        return groups.findOrCreate(command.group(), settings.autoCreateSubscriptionGroup(), clock.millis(),
                store::save);
    }
}
