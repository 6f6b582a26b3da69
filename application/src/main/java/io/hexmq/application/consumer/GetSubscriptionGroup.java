package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin reads one group's config as it is (GET_SUBSCRIPTIONGROUP_CONFIG): asking never creates it.
 * The consume paths, which may create it, look it up through {@link SubscriptionGroupLookup}.
 */
public final class GetSubscriptionGroup {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final SubscriptionGroups groups;

    public GetSubscriptionGroup(SubscriptionGroups groups) {
        this.groups = Objects.requireNonNull(groups, "groups");
    }

    /** @return empty when the group has no config (SUBSCRIPTION_GROUP_NOT_EXIST) */
    public Optional<SubscriptionGroupConfig> get(Command command) {
        return groups.find(command.group());
    }
}
