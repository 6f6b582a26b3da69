package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopicConflictException;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An admin deletes a topic from this broker (DELETE_TOPIC_IN_BROKER): its config, every group's
 * committed offsets on it, its stored messages (queues and key index, see
 * {@link MessageStore#deleteTopic}) and its traffic figures (statsAll) go, and the admin is answered once the NameServers have been
 * asked, so that routes no longer show the topic when the admin hears of it (the registrar's next
 * round ends the wait, which holds no thread). The offsets reach disk with the next periodic offset
 * save. The messages are deleted even when no config was left (as RocketMQ does), so a topic recreated
 * later starts again at queue offset 0.
 */
public final class DeleteTopic {

    public record Command(TopicName topic) {

        public Command {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final ConsumerOffsets offsets;
    private final MessageStore messages;
    private final RegistrationDemand registration;
    private final Clock clock;
    private final BrokerSettings settings;
    private final SystemTopics systemTopics;
    private final BrokerStatistics statistics;

    public DeleteTopic(TopicTable topics, TopicConfigStore store, ConsumerOffsets offsets, MessageStore messages,
            RegistrationDemand registration, Clock clock, BrokerSettings settings, BrokerStatistics statistics) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.systemTopics = settings.systemTopics();
        this.statistics = Objects.requireNonNull(statistics, "statistics");
    }

    /**
     * @return completes with true if the topic was hosted here, once a registration without it has ended
     *         (at once when it was not hosted); never exceptionally
     * @throws SystemTopicConflictException when the topic is a system topic and that is checked
     */
    public CompletionStage<Boolean> delete(Command command) {
        if (settings.validateSystemTopicWhenUpdateTopic() && systemTopics.isSystemTopic(command.topic())) {
            throw new SystemTopicConflictException(command.topic());
        }
        boolean removed = topics.remove(command.topic(), clock.millis(), store::save).isPresent();
        offsets.removeTopic(command.topic());
        messages.deleteTopic(command.topic().value());
        statistics.traffic().forgetTopic(command.topic().value());
        if (!removed) {
            return CompletableFuture.completedStage(false);
        }
        return registration.topicsChangedAwaitingRound().thenApply(registered -> true);
    }
}
