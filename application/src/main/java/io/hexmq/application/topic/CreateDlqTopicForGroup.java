package io.hexmq.application.topic;

import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;

/**
 * Makes sure a consumer group's {@code %DLQ%group} topic exists (one queue, read-write) before a
 * message that ran out of retries is moved there; a new topic is announced to the NameServers.
 */
public final class CreateDlqTopicForGroup {

    public record Command(GroupName group) {

        public Command {
            Objects.requireNonNull(group, "group");
        }
    }

    private final GroupTopicCreation creation;

    public CreateDlqTopicForGroup(TopicTable topics, TopicConfigStore store,
            RegistrationDemand registration, Clock clock) {
        this.creation = new GroupTopicCreation(topics, store, registration, clock);
    }

    /** @return the DLQ topic's config, existing or new */
    public TopicConfig create(Command command) {
        return creation.findOrCreate(command.group().dlqTopic(), SystemTopics::dlqTopicConfig);
    }
}
