package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.SubscriptionGroups;
import java.util.Objects;

/** An admin reads every group config with the table's DataVersion (GET_ALL_SUBSCRIPTIONGROUP_CONFIG). */
public final class GetSubscriptionGroups {

    private final SubscriptionGroups groups;

    public GetSubscriptionGroups(SubscriptionGroups groups) {
        this.groups = Objects.requireNonNull(groups, "groups");
    }

    public SubscriptionGroupTable get() {
        return groups.snapshot();
    }
}
