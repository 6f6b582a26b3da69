package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.ProducerGroups;
import java.util.List;
import java.util.Objects;

/** An admin lists a producer group's connections (GET_PRODUCER_CONNECTION_LIST). */
public final class GetProducerConnections {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final ProducerGroups producers;

    public GetProducerConnections(ProducerGroups producers) {
        this.producers = Objects.requireNonNull(producers, "producers");
    }

    public List<ClientConnection> get(Command command) {
        return producers.members(command.group());
    }
}
