package io.hexmq.application.consumer;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientAnswer;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.port.ConsumerClients;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * An admin asks how one consumer of a group is doing (GET_CONSUMER_RUNNING_INFO, {@code mqadmin
 * consumerStatus}): the broker relays the question to that client over its own connection and hands
 * back the client's answer as it came, so the admin needs no route to the client itself.
 *
 * <p>{@link ClientAnswer.Status#NOT_ONLINE} at once when the client is not a member of the group here.
 * The future completes when the client answered or gave up, so no thread waits for the client.
 */
public final class GetConsumerRunningInfo {

    /** @param withStacks whether the client should add its threads' stacks (mqadmin's {@code -s}) */
    public record Command(GroupName group, ClientId clientId, boolean withStacks) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(clientId, "clientId");
        }
    }

    private final ConsumerGroups consumers;
    private final ConsumerClients clients;

    public GetConsumerRunningInfo(ConsumerGroups consumers, ConsumerClients clients) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.clients = Objects.requireNonNull(clients, "clients");
    }

    public CompletableFuture<ClientAnswer> ask(Command command) {
        Optional<ConnectionId> member = consumers.find(command.group())
                .flatMap(group -> group.connectionOf(command.clientId()));
        if (member.isEmpty()) {
            return CompletableFuture.completedFuture(ClientAnswer.notOnline(command.group(), command.clientId()));
        }
        return clients.runningInfo(member.get(), command.group(), command.clientId(), command.withStacks());
    }
}
