package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.SystemTopicConflictException;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * An admin creates or replaces a topic on this broker (UPDATE_AND_CREATE_TOPIC). The name is legal by
 * construction ({@link TopicName}: {@code ^[%|a-zA-Z0-9_-]+$}, at most 127 characters); a system
 * topic is refused unless {@link BrokerSettings#validateSystemTopicWhenUpdateTopic()} is off. After a
 * change the admin is answered once the NameServers have been asked, so that routes show the topic as
 * soon as the admin hears of it; the wait holds no thread (the registrar's next round ends it,
 * whatever the NameServers answered: the topic is stored either way).
 */
public final class CreateOrUpdateTopic {

    /** @param topic the topic as the admin wants it, replacing what the broker has under its name */
    public record Command(TopicConfig topic) {

        public Command {
            Objects.requireNonNull(topic, "topic");
        }
    }

    public enum Result {
        CREATED,
        UPDATED,
        /** The topic already had exactly this config; nothing was saved or registered. */
        UNCHANGED
    }

    private final TopicTable topics;
    private final TopicConfigStore store;
    private final RegistrationDemand registration;
    private final Clock clock;
    private final BrokerSettings settings;
    private final SystemTopics systemTopics;

    public CreateOrUpdateTopic(TopicTable topics, TopicConfigStore store, RegistrationDemand registration,
            Clock clock, BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.systemTopics = settings.systemTopics();
    }

    /**
     * @return completes with what changed once a registration that carries the change has ended (at once
     *         when nothing changed); never exceptionally
     * @throws SystemTopicConflictException when the topic is a system topic and that is checked
     * @throws io.hexmq.domain.topic.TopicConfigStorageException when saving fails; nothing changes then
     */
    public CompletionStage<Result> createOrUpdate(Command command) {
        TopicName name = command.topic().name();
        if (settings.validateSystemTopicWhenUpdateTopic() && systemTopics.isSystemTopic(name)) {
            throw new SystemTopicConflictException(name);
        }
        boolean existed = topics.find(name).isPresent();
        if (!topics.put(command.topic(), clock.millis(), store::save)) {
            return CompletableFuture.completedStage(Result.UNCHANGED);
        }
        Result result = existed ? Result.UPDATED : Result.CREATED;
        return registration.topicsChangedAwaitingRound().thenApply(registered -> result);
    }

    /**
     * Creates or replaces several topics (UPDATE_AND_CREATE_TOPIC_LIST, {@code mqadmin updateTopicList}):
     * every topic is checked before any is stored, so a refused one leaves all as they were; the admin is
     * answered once one registration that carries the changes has ended.
     *
     * @return completes with the topics that changed; never exceptionally
     * @throws SystemTopicConflictException when one is a system topic and that is checked
     */
    public CompletionStage<List<TopicName>> createOrUpdateAll(List<Command> commands) {
        for (Command command : commands) {
            TopicName name = command.topic().name();
            if (settings.validateSystemTopicWhenUpdateTopic() && systemTopics.isSystemTopic(name)) {
                throw new SystemTopicConflictException(name);
            }
        }
        // One save and one new version for the list: a save per topic rewrote the whole table each time.
        List<TopicName> changed = topics.putAll(commands.stream().map(Command::topic).toList(), clock.millis(),
                store::save);
        if (changed.isEmpty()) {
            return CompletableFuture.completedStage(List.of());
        }
        return registration.topicsChangedAwaitingRound().thenApply(registered -> List.copyOf(changed));
    }
}
