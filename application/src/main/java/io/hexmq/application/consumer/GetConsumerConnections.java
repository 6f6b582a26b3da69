package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin lists a consumer group's connections, subscriptions and consume settings
 * (GET_CONSUMER_CONNECTION_LIST); empty when nobody is connected (CONSUMER_NOT_ONLINE).
 */
public final class GetConsumerConnections {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final ConsumerGroups consumers;

    public GetConsumerConnections(ConsumerGroups consumers) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
    }

    public Optional<ConsumerGroup> get(Command command) {
        return consumers.find(command.group());
    }
}
