package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.GroupName;
import java.util.List;
import java.util.Objects;

/**
 * A consumer asks who else is in its group (GET_CONSUMER_LIST_BY_GROUP) to share out queues. An empty
 * list means nobody is connected; RocketMQ then answers SYSTEM_ERROR and the client skips that round.
 */
public final class GetConsumerIds {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final ConsumerGroups consumers;

    public GetConsumerIds(ConsumerGroups consumers) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
    }

    public List<ClientId> get(Command command) {
        return consumers.clientIds(command.group());
    }
}
