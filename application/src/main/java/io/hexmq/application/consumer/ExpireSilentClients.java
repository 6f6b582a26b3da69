package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.MembershipChange;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.time.port.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.LinkedHashSet;
import java.util.stream.Collectors;

/**
 * The periodic client scan (RocketMQ runs it every 10 s): drops every producer and consumer member
 * silent for longer than {@link BrokerSettings#channelExpiredTimeout()} and tells the remaining
 * members of affected consumer groups to rebalance. The caller closes the returned connections.
 */
public final class ExpireSilentClients {

    private final ConsumerGroups consumers;
    private final ProducerGroups producers;
    private final MembershipNotifications notifications;
    private final Clock clock;
    private final BrokerSettings settings;

    public ExpireSilentClients(ConsumerGroups consumers, ProducerGroups producers,
            SubscriptionGroups subscriptionGroups, ConsumerNotifier notifier, Clock clock, BrokerSettings settings) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.notifications = new MembershipNotifications(subscriptionGroups, notifier);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return the connections of the expired members, for the caller to close */
    public Set<ConnectionId> expire() {
        long now = clock.millis();
        long timeout = settings.channelExpiredTimeout().toMillis();
        List<MembershipChange> changes = consumers.expire(now, timeout);
        notifications.announceAll(changes);
        Set<ConnectionId> expired = changes.stream()
                .flatMap(change -> change.removed().stream())
                .map(ClientConnection::connection)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        producers.expire(now, timeout).forEach(member -> expired.add(member.connection()));
        return expired;
    }
}
