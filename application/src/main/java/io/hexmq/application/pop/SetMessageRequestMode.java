package io.hexmq.application.pop;

import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.MessageRequestMode;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin sets how a group takes a topic's messages under broker-side assignment (SET_MESSAGE_REQUEST_MODE):
 * PULL or POP, and for POP how many following clients' queues each client shares. Refused as RocketMQ
 * refuses: a retry topic (NO_PERMISSION), an unknown topic (TOPIC_NOT_EXIST), a group without config
 * (SUBSCRIPTION_GROUP_NOT_EXIST). Saved before it is answered, so it holds after a restart.
 */
public final class SetMessageRequestMode {

    public record Command(String topic, String consumerGroup, MessageRequestMode mode, int popShareQueueNum) {

        public Command {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(mode, "mode");
        }
    }

    public enum Status {
        OK,
        NO_PERMISSION,
        TOPIC_NOT_EXIST,
        SUBSCRIPTION_GROUP_NOT_EXIST
    }

    public record Result(Status status, String remark) {
    }

    private final TopicTable topics;
    private final SubscriptionGroupLookup groups;
    private final RequestModes modes;
    private final RequestModeStore store;

    public SetMessageRequestMode(TopicTable topics, SubscriptionGroupLookup groups, RequestModes modes,
            RequestModeStore store) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.modes = Objects.requireNonNull(modes, "modes");
        this.store = Objects.requireNonNull(store, "store");
    }

    /** Synchronized so that saves land in the order the settings were made. */
    public synchronized Result set(Command command) {
        if (command.topic().startsWith(SystemTopics.RETRY_TOPIC_PREFIX)) {
            return new Result(Status.NO_PERMISSION, "retry topic is not allowed to set mode");
        }
        Optional<TopicConfig> topic = topics.findNamed(command.topic());
        if (topic.isEmpty()) {
            return new Result(Status.TOPIC_NOT_EXIST, "topic[" + command.topic() + "] not exist");
        }
        var group = groups.findOrCreate(command.consumerGroup());
        if (group.isEmpty()) {
            return new Result(Status.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group does not exist");
        }
        modes.set(new TopicGroup(topic.get().name(), group.get().groupName()),
                new RequestModes.Setting(command.mode(), command.popShareQueueNum()));
        store.save(modes.snapshot());
        return new Result(Status.OK, "");
    }
}
