package io.hexmq.domain.consumer;

import io.hexmq.domain.TextValue;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;

/**
 * The name of a producer or consumer group: 1 to {@value #MAX_LENGTH} characters out of
 * {@code [%|a-zA-Z0-9_-]}, the set RocketMQ's clients accept. {@code @} is not among them, which is
 * what lets offsets be filed under {@code topic@group}.
 */
public record GroupName(String value) implements TextValue<GroupName> {

    public static final int MAX_LENGTH = 255;

    /** Groups RocketMQ's own components use; they exist even when auto-create of groups is off. */
    public static final String SYSTEM_GROUP_PREFIX = "CID_RMQ_SYS_";

    private static final char POP_RETRY_SEPARATOR = '_';

    public GroupName {
        Objects.requireNonNull(value, "value");
        if (value.isEmpty() || value.length() > MAX_LENGTH) {
            throw new InvalidConsumerDataException(
                    "group name must have 1 to " + MAX_LENGTH + " characters, got " + value.length());
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean legal = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '%' || c == '|' || c == '_' || c == '-';
            if (!legal) {
                throw new InvalidConsumerDataException("group name '" + value
                        + "' contains an illegal character at index " + i + "; allowed: ^[%|a-zA-Z0-9_-]+$");
            }
        }
    }

    public boolean isSystemGroup() {
        return value.startsWith(SYSTEM_GROUP_PREFIX);
    }

    /** {@code %RETRY%<group>}. */
    public TopicName retryTopic() {
        return SystemTopics.retryTopicOf(value);
    }

    /**
     * {@code %RETRY%<group>_<topic>}: where POP consumption puts the group's messages of {@code topic} that
     * were not acked within their invisible time (RocketMQ 5's first naming; its {@code +} form is not used).
     */
    public TopicName popRetryTopic(TopicName topic) {
        return new TopicName(SystemTopics.RETRY_TOPIC_PREFIX + value + POP_RETRY_SEPARATOR + topic.value());
    }

    /** The topic whose POP retry topic of this group {@code topic} is; empty when it is none of this group's. */
    public Optional<TopicName> topicOfPopRetry(TopicName topic) {
        String prefix = SystemTopics.RETRY_TOPIC_PREFIX + value + POP_RETRY_SEPARATOR;
        return topic.value().startsWith(prefix) && topic.value().length() > prefix.length()
                ? Optional.of(new TopicName(topic.value().substring(prefix.length()))) : Optional.empty();
    }

    /** {@code %DLQ%<group>}. */
    public TopicName dlqTopic() {
        return SystemTopics.dlqTopicOf(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
