package io.hexmq.application.topic;

import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicCreation;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A consumer group's own topics, {@code %RETRY%group} and {@code %DLQ%group}, as the paths that need
 * them ask for them (a group's heartbeat, a send-back, a send to a retry topic): an existing one is
 * returned as it is; a missing one is created, saved, and announced to the NameServers within one
 * registration round, without the request waiting for them, so that the group's clients (push
 * consumers subscribe to the retry topic from the start) find it in the route. A part those use cases
 * share, not an activity of its own.
 *
 * <p>A replica that follows its group's leader cannot save a created topic (only the leader writes the
 * group's state): it answers with the config the topic would get, without keeping or announcing it; the
 * leader creates the topic when the group's clients reach it, and the topic reaches this replica through
 * the group's log. What needs the topic stored (a send-back) is refused here as on any follower.
 */
public final class GroupTopics {

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final RegistrationDemand registration;
    private final Clock clock;

    public GroupTopics(TopicTable topics, TopicConfigStore store, RegistrationDemand registration, Clock clock) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The group's retry topic, read-write.
     *
     * @param retryQueueNums the group's {@code retryQueueNums}, used only when the topic is created
     */
    public TopicConfig retryTopic(GroupName group, int retryQueueNums) {
        Objects.requireNonNull(group, "group");
        if (retryQueueNums < 0) {
            throw new IllegalArgumentException("retryQueueNums must not be negative: " + retryQueueNums);
        }
        return findOrCreate(group.retryTopic(), topic -> SystemTopics.retryTopicConfig(topic, retryQueueNums));
    }

    /** The group's POP retry topic for {@code topic}: one queue, read-write, as RocketMQ creates it. */
    public TopicConfig popRetryTopic(GroupName group, TopicName topic) {
        Objects.requireNonNull(group, "group");
        return findOrCreate(group.popRetryTopic(topic), name -> SystemTopics.retryTopicConfig(name, 1));
    }

    /** The group's dead-letter topic: one queue, read-write. */
    public TopicConfig dlqTopic(GroupName group) {
        Objects.requireNonNull(group, "group");
        return findOrCreate(group.dlqTopic(), SystemTopics::dlqTopicConfig);
    }

    /** @param config the config to create {@code topic} with; asked only when the topic is missing */
    private TopicConfig findOrCreate(TopicName topic, Function<TopicName, TopicConfig> config) {
        Optional<TopicConfig> existing = topics.find(topic);
        if (existing.isPresent()) {
            return existing.get();
        }
        TopicConfig wanted = config.apply(topic);
        TopicCreation creation;
        try {
            creation = topics.createIfAbsent(wanted, clock.millis(), store::save);
        } catch (NotLeaderException follower) {
            return wanted;
        }
        if (creation.isCreated()) {
            registration.topicsChanged();
        }
        return creation.config().orElseThrow();
    }
}
