package io.hexmq.domain.consumer;

import io.hexmq.domain.connection.ConnectionId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The producer groups with members connected to this broker, kept from heartbeats. The broker needs
 * them to reach a producer: transaction back-checks go to a member of the producing group, replies of
 * request-reply to the producer with a given client id. In memory only, like {@link ConsumerGroups}.
 */
public final class ProducerGroups {

    private final ConcurrentHashMap<GroupName, Map<ConnectionId, ClientConnection>> groups =
            new ConcurrentHashMap<>();

    /**
     * Adds or refreshes a member.
     *
     * @return true if the connection was not yet a member of the group
     */
    public boolean register(GroupName group, ClientConnection member) {
        boolean[] joined = new boolean[1];
        groups.compute(group, (name, current) -> {
            Map<ConnectionId, ClientConnection> members = new LinkedHashMap<>(current == null ? Map.of() : current);
            joined[0] = members.put(member.connection(), member) == null;
            return Map.copyOf(members);
        });
        return joined[0];
    }

    /** @return true if the connection was a member of the group */
    public boolean unregister(GroupName group, ConnectionId connection) {
        return !removeFrom(group, member -> member.connection().equals(connection)).isEmpty();
    }

    /** Removes a closed connection from every group; returns the memberships it had. */
    public List<ClientConnection> removeConnection(ConnectionId connection) {
        return removeEverywhere(member -> member.connection().equals(connection));
    }

    /** Removes members silent for longer than {@code timeoutMillis}; the caller closes their connections. */
    public List<ClientConnection> expire(long nowMillis, long timeoutMillis) {
        long deadline = nowMillis - timeoutMillis;
        return removeEverywhere(member -> member.isSilentSince(deadline));
    }

    public List<ClientConnection> members(GroupName group) {
        Map<ConnectionId, ClientConnection> members = groups.get(group);
        return members == null ? List.of() : List.copyOf(members.values());
    }

    /** Every group with its members, by group name. */
    public SortedMap<GroupName, List<ClientConnection>> all() {
        SortedMap<GroupName, List<ClientConnection>> all = new TreeMap<>();
        groups.forEach((group, members) -> {
            if (!members.isEmpty()) {
                all.put(group, List.copyOf(members.values()));
            }
        });
        return all;
    }

    /** The connection of the producer with {@code clientId}, in any group (replies go there). */
    public Optional<ClientConnection> findByClientId(ClientId clientId) {
        for (Map<ConnectionId, ClientConnection> members : groups.values()) {
            for (ClientConnection member : members.values()) {
                if (member.clientId().equals(clientId)) {
                    return Optional.of(member);
                }
            }
        }
        return Optional.empty();
    }

    private List<ClientConnection> removeEverywhere(Predicate<ClientConnection> leaving) {
        List<ClientConnection> removed = new ArrayList<>();
        for (GroupName group : groups.keySet()) {
            removed.addAll(removeFrom(group, leaving));
        }
        return removed;
    }

    private List<ClientConnection> removeFrom(GroupName group, Predicate<ClientConnection> leaving) {
        List<ClientConnection> removed = new ArrayList<>();
        groups.computeIfPresent(group, (name, current) -> {
            Map<ConnectionId, ClientConnection> members = new LinkedHashMap<>();
            current.forEach((connection, member) -> {
                if (leaving.test(member)) {
                    removed.add(member);
                } else {
                    members.put(connection, member);
                }
            });
            if (removed.isEmpty()) {
                return current;
            }
            return members.isEmpty() ? null : Map.copyOf(members);
        });
        return removed;
    }
}
