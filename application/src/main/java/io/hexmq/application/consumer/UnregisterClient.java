package io.hexmq.application.consumer;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import java.util.Objects;
import java.util.Optional;

/**
 * A client leaves a group on shutdown (UNREGISTER_CLIENT, one request per group). A consumer's
 * departure makes the remaining members rebalance at once.
 */
public final class UnregisterClient {

    /** @param connection the connection the request came over; membership is recorded per connection */
    public record Command(ConnectionId connection, ClientId clientId, Optional<GroupName> producerGroup,
            Optional<GroupName> consumerGroup) {

        public Command {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(clientId, "clientId");
            Objects.requireNonNull(producerGroup, "producerGroup");
            Objects.requireNonNull(consumerGroup, "consumerGroup");
        }
    }

    private final ConsumerGroups consumers;
    private final ProducerGroups producers;
    private final MembershipNotifications notifications;

    public UnregisterClient(ConsumerGroups consumers, ProducerGroups producers, SubscriptionGroups subscriptionGroups,
            ConsumerNotifier notifier) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.producers = Objects.requireNonNull(producers, "producers");
        this.notifications = new MembershipNotifications(subscriptionGroups, notifier);
    }

    public void unregister(Command command) {
        command.producerGroup().ifPresent(group -> producers.unregister(group, command.connection()));
        command.consumerGroup()
                .flatMap(group -> consumers.unregister(group, command.connection()))
                .ifPresent(notifications::announce);
    }
}
