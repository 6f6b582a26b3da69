package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.MembershipChange;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import java.util.Collection;
import java.util.Objects;

/**
 * Tells a group's remaining members that its member list changed, unless the group's config switched
 * that off ({@code notifyConsumerIdsChangedEnable}; a group without a config is notified). Shared by
 * the use cases that change membership: heartbeats, departures, expiry and closed connections.
 */
final class MembershipNotifications {

    private final SubscriptionGroups subscriptionGroups;
    private final ConsumerNotifier notifier;

    MembershipNotifications(SubscriptionGroups subscriptionGroups, ConsumerNotifier notifier) {
        this.subscriptionGroups = Objects.requireNonNull(subscriptionGroups, "subscriptionGroups");
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    /** @return true if the members were notified */
    boolean announce(MembershipChange change) {
        if (!change.membersChanged() || change.members().isEmpty()) {
            return false;
        }
        boolean enabled = subscriptionGroups.find(change.group())
                .map(SubscriptionGroupConfig::notifyConsumerIdsChangedEnable)
                .orElse(true);
        if (enabled) {
            notifier.consumerIdsChanged(change.group(), change.members());
        }
        return enabled;
    }

    void announceAll(Collection<MembershipChange> changes) {
        changes.forEach(this::announce);
    }
}
