package io.hexmq.domain.consumer;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The consumer groups that have members connected to this broker, kept from heartbeats. In memory
 * only: clients heartbeat every 30 s, so a restarted broker knows its groups again within one period.
 *
 * <p>Thread-safe. Each group changes atomically (heartbeats of one group's members take turns, other
 * groups are not held up); readers get an immutable {@link ConsumerGroup}. A group without members is
 * dropped.
 */
public final class ConsumerGroups {

    private final ConcurrentHashMap<GroupName, ConsumerGroup> groups = new ConcurrentHashMap<>();

    /**
     * Records a heartbeat's entry for one group: adds or refreshes the member, takes the group's
     * consume settings as sent, and replaces each subscription whose {@code subVersion} is newer
     * (subscriptions the member no longer sends are dropped).
     */
    public MembershipChange register(ConsumerRegistration registration) {
        MembershipChange[] change = new MembershipChange[1];
        groups.compute(registration.group(), (name, current) -> {
            Map<ConnectionId, ClientConnection> members = new LinkedHashMap<>(
                    current == null ? Map.of() : current.members());
            ClientConnection member = registration.member();
            ClientConnection previous = members.put(member.connection(), member);
            boolean membersChanged = previous == null || !previous.clientId().equals(member.clientId());

            Map<TopicName, Subscription> before = current == null ? Map.of() : current.subscriptions();
            Map<TopicName, Subscription> subscriptions = new LinkedHashMap<>();
            for (Subscription offered : registration.subscriptions()) {
                Subscription known = before.get(offered.topic());
                subscriptions.put(offered.topic(),
                        known != null && known.subVersion() >= offered.subVersion() ? known : offered);
            }
            ConsumerGroup next = new ConsumerGroup(name, registration.consumeType(), registration.messageModel(),
                    registration.consumeFromWhere(), members, subscriptions);
            change[0] = new MembershipChange(name, next.connections(), Set.of(), membersChanged,
                    !next.subscriptions().equals(before));
            return next;
        });
        return change[0];
    }

    /** Removes one member from one group (UNREGISTER_CLIENT); empty if it was not a member. */
    public Optional<MembershipChange> unregister(GroupName group, ConnectionId connection) {
        MembershipChange[] change = new MembershipChange[1];
        groups.computeIfPresent(group, (name, current) ->
                without(current, member -> member.connection().equals(connection), change));
        return Optional.ofNullable(change[0]);
    }

    /** Removes a closed connection from every group it was a member of. */
    public List<MembershipChange> removeConnection(ConnectionId connection) {
        return removeEverywhere(member -> member.connection().equals(connection));
    }

    /**
     * Removes every member whose last heartbeat is older than {@code timeoutMillis} at {@code nowMillis}.
     * The caller closes the connections listed in the changes' {@link MembershipChange#removed()}.
     */
    public List<MembershipChange> expire(long nowMillis, long timeoutMillis) {
        long deadline = nowMillis - timeoutMillis;
        return removeEverywhere(member -> member.isSilentSince(deadline));
    }

    public Optional<ConsumerGroup> find(GroupName group) {
        return Optional.ofNullable(groups.get(group));
    }

    /** The client ids of the group's members; empty when nobody is connected. */
    public List<ClientId> clientIds(GroupName group) {
        ConsumerGroup current = groups.get(group);
        return current == null ? List.of() : current.clientIds();
    }

    public Collection<ConsumerGroup> all() {
        return List.copyOf(groups.values());
    }

    private List<MembershipChange> removeEverywhere(Predicate<ClientConnection> leaving) {
        List<MembershipChange> changes = new ArrayList<>();
        for (GroupName group : groups.keySet()) {
            MembershipChange[] change = new MembershipChange[1];
            groups.computeIfPresent(group, (name, current) -> without(current, leaving, change));
            if (change[0] != null) {
                changes.add(change[0]);
            }
        }
        return changes;
    }

    /** The group without the leaving members, or null (drop the group) when none remain. */
    private static ConsumerGroup without(ConsumerGroup current, Predicate<ClientConnection> leaving,
            MembershipChange[] change) {
        Map<ConnectionId, ClientConnection> members = new LinkedHashMap<>();
        List<ClientConnection> removed = new ArrayList<>();
        for (ClientConnection member : current.members().values()) {
            if (leaving.test(member)) {
                removed.add(member);
            } else {
                members.put(member.connection(), member);
            }
        }
        if (removed.isEmpty()) {
            return current;
        }
        change[0] = new MembershipChange(current.name(), members.keySet(), Set.copyOf(removed), true, false);
        if (members.isEmpty()) {
            return null;
        }
        return new ConsumerGroup(current.name(), current.consumeType(), current.messageModel(),
                current.consumeFromWhere(), members, current.subscriptions());
    }
}
