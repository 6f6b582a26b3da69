package io.hexmq.domain.consumer;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.TopicName;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A consumer group as this broker knows it from heartbeats: its live members by connection, how it
 * consumes, and what it subscribes to. Immutable; {@link ConsumerGroups} replaces it on each change.
 *
 * @param members       in the order they joined
 * @param subscriptions by topic
 */
public record ConsumerGroup(
        GroupName name,
        ConsumeType consumeType,
        MessageModel messageModel,
        ConsumeFromWhere consumeFromWhere,
        Map<ConnectionId, ClientConnection> members,
        Map<TopicName, Subscription> subscriptions) {

    public ConsumerGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(consumeType, "consumeType");
        Objects.requireNonNull(messageModel, "messageModel");
        Objects.requireNonNull(consumeFromWhere, "consumeFromWhere");
        members = Collections.unmodifiableMap(new LinkedHashMap<>(members));
        subscriptions = Collections.unmodifiableSortedMap(new TreeMap<>(subscriptions));
    }

    /** The members' client ids, each once, in the order they joined (GET_CONSUMER_LIST_BY_GROUP). */
    public List<ClientId> clientIds() {
        return members.values().stream().map(ClientConnection::clientId).distinct().toList();
    }

    /**
     * The connection of the member that calls itself {@code clientId}; the first to have joined when it
     * heartbeats over more than one.
     */
    public Optional<ConnectionId> connectionOf(ClientId clientId) {
        return members.values().stream().filter(member -> member.clientId().equals(clientId))
                .map(ClientConnection::connection).findFirst();
    }

    public Set<ConnectionId> connections() {
        return members.keySet();
    }

    public Optional<Subscription> subscription(TopicName topic) {
        return Optional.ofNullable(subscriptions.get(topic));
    }
}
