package io.hexmq.application.topic;

import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicCreation;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a consumer group's own topics ({@code %RETRY%group}, {@code %DLQ%group}) come to exist: an
 * existing one is returned as it is; a missing one is created, saved, and announced to the NameServers
 * within one registration round, so that the group's clients find it in the route.
 */
final class GroupTopicCreation {

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final RegistrationDemand registration;
    private final Clock clock;

    GroupTopicCreation(TopicTable topics, TopicConfigStore store, RegistrationDemand registration,
            Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * @param config the config to create {@code topic} with; asked only when the topic is missing
     * @return the topic's config, existing or new
     */
    TopicConfig findOrCreate(TopicName topic, Function<TopicName, TopicConfig> config) {
        Optional<TopicConfig> existing = topics.find(topic);
        if (existing.isPresent()) {
            return existing.get();
        }
        TopicCreation creation = topics.createIfAbsent(config.apply(topic), clock.millis(), store::save);
        if (creation.isCreated()) {
            registration.topicsChanged();
        }
        return creation.config().orElseThrow();
    }
}
