package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import java.util.Objects;
import java.util.Optional;

/**
 * A client or an admin reads one group's config (GET_SUBSCRIPTIONGROUP_CONFIG). As in RocketMQ, a group
 * without one gets the default config, created and saved, when {@code autoCreateSubscriptionGroup} allows
 * it, as the consume paths give it ({@link SubscriptionGroupLookup}): the official proxy reads a group's
 * config before its first consumer, and refuses the consumer when there is none.
 */
public final class GetSubscriptionGroup {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final SubscriptionGroupLookup groups;

    public GetSubscriptionGroup(SubscriptionGroupLookup groups) {
        this.groups = Objects.requireNonNull(groups, "groups");
    }

    /** @return empty when the group has no config and none may be created (SUBSCRIPTION_GROUP_NOT_EXIST) */
    public Optional<SubscriptionGroupConfig> get(Command command) {
        return groups.findOrCreate(command.group());
    }
}
