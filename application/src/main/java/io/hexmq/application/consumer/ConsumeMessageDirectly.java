package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.DirectConsumption;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.port.ConsumerClients;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * An admin has one consumer run its listener on one stored message now (CONSUME_MESSAGE_DIRECTLY,
 * {@code mqadmin consumeMessage}), to try a listener on a message it failed or skipped: the broker reads
 * the message where its offset message id points and relays it to that client over the client's own
 * connection, then hands back the client's report as it came. Queues and offsets are not touched.
 *
 * <p>Empty when nothing is stored where the id points; {@link ClientAnswer.Status#NOT_ONLINE} when the
 * client is not a member of the group here. The future completes when the client answered or gave up,
 * so no thread waits for the client's listener.
 */
public final class ConsumeMessageDirectly {

    /** @param topic the message's topic when the admin named it (5.x admins do), passed on to the client */
    public record Command(GroupName group, ClientId clientId, OffsetMessageId msgId, Optional<TopicName> topic) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(clientId, "clientId");
            Objects.requireNonNull(msgId, "msgId");
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final ConsumerClients clients;
    private final BrokerSettings settings;

    public ConsumeMessageDirectly(ConsumerGroups consumers, MessageStore store, ConsumerClients clients,
            BrokerSettings settings) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.store = Objects.requireNonNull(store, "store");
        this.clients = Objects.requireNonNull(clients, "clients");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public CompletableFuture<Optional<ClientAnswer>> consume(Command command) {
        long offset = command.msgId().commitLogOffset();
        Optional<ByteBuffer> stored = offset < 0 ? Optional.empty() : store.lookup(offset);
        if (stored.isEmpty()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        Optional<ConnectionId> member = consumers.find(command.group())
                .flatMap(group -> group.connectionOf(command.clientId()));
        if (member.isEmpty()) {
            return CompletableFuture.completedFuture(
                    Optional.of(ClientAnswer.notOnline(command.group(), command.clientId())));
        }
        DirectConsumption request = new DirectConsumption(command.group(), command.clientId(),
                command.msgId().encode(), settings.brokerName(), command.topic(), stored.get());
        return clients.consumeDirectly(member.get(), request).thenApply(Optional::of);
    }
}
