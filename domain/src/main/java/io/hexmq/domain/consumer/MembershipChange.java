package io.hexmq.domain.consumer;

import io.hexmq.domain.connection.ConnectionId;
import java.util.Objects;
import java.util.Set;

/**
 * What one registration, departure or expiry did to a consumer group. When {@link #membersChanged()},
 * the group's remaining members should rebalance, so the broker tells {@link #members()} at once
 * (NOTIFY_CONSUMER_IDS_CHANGED) instead of letting them wait up to 20 s.
 *
 * @param members              the group's connections after the change (empty: the group is gone)
 * @param removed              members that left or expired with this change
 * @param membersChanged       a member joined, left, expired or changed its client id
 * @param subscriptionsChanged the group's subscriptions differ from before
 */
public record MembershipChange(
        GroupName group,
        Set<ConnectionId> members,
        Set<ClientConnection> removed,
        boolean membersChanged,
        boolean subscriptionsChanged) {

    public MembershipChange {
        Objects.requireNonNull(group, "group");
        members = Set.copyOf(members);
        removed = Set.copyOf(removed);
    }
}
