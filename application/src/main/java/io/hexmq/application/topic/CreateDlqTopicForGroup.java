package io.hexmq.application.topic;

import io.hexmq.application.broker.RegisterBrokerWithNameServers;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicCreation;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.Optional;

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

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final RegisterBrokerWithNameServers registration;
    private final Clock clock;

    public CreateDlqTopicForGroup(TopicTable topics, TopicConfigStore store,
            RegisterBrokerWithNameServers registration, Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return the DLQ topic's config, existing or new */
    public TopicConfig create(Command command) {
        Optional<TopicConfig> existing = topics.find(command.group().dlqTopic());
        if (existing.isPresent()) {
            return existing.get();
        }
        TopicCreation creation = topics.createIfAbsent(SystemTopics.dlqTopicConfig(command.group().dlqTopic()),
                clock.millis(), store::save);
        if (creation.isCreated()) {
            registration.register();
        }
        return creation.config().orElseThrow();
    }
}
