package io.hexmq.application.consumer;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import java.util.Objects;

/**
 * A client connection closed or failed: its memberships in every producer and consumer group end at
 * once, and the remaining members of its consumer groups rebalance.
 */
public final class DropClientConnection {

    public record Command(ConnectionId connection) {

        public Command {
            Objects.requireNonNull(connection, "connection");
        }
    }

    private final ConsumerGroups consumers;
    private final ProducerGroups producers;
    private final MembershipNotifications notifications;

    public DropClientConnection(ConsumerGroups consumers, ProducerGroups producers,
            SubscriptionGroups subscriptionGroups, ConsumerNotifier notifier) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.notifications = new MembershipNotifications(subscriptionGroups, notifier);
    }

    public void drop(Command command) {
        producers.removeConnection(command.connection());
        notifications.announceAll(consumers.removeConnection(command.connection()));
    }
}
