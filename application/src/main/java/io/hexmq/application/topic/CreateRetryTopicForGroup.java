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
 * Makes sure a consumer group's {@code %RETRY%group} topic exists (on a group's heartbeat, and before
 * a failed message is sent back), with the group's retry queue count and read-write permission. A new
 * topic is announced to the NameServers within one registration round, without the heartbeat or
 * send-back waiting for them: push consumers subscribe to it from the start.
 */
public final class CreateRetryTopicForGroup {

    /** @param retryQueueNums the group's {@code retryQueueNums}, used only when the topic is created */
    public record Command(GroupName group, int retryQueueNums) {

        public Command {
            Objects.requireNonNull(group, "group");
            if (retryQueueNums < 0) {
                throw new IllegalArgumentException("retryQueueNums must not be negative: " + retryQueueNums);
            }
        }
    }

    private final GroupTopicCreation creation;

    public CreateRetryTopicForGroup(TopicTable topics, TopicConfigStore store,
            RegistrationDemand registration, Clock clock) {
        this.creation = new GroupTopicCreation(topics, store, registration, clock);
    }

    /** @return the retry topic's config, existing or new */
    public TopicConfig create(Command command) {
        return creation.findOrCreate(command.group().retryTopic(),
                topic -> SystemTopics.retryTopicConfig(topic, command.retryQueueNums()));
    }
}
