package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A consumer asks where its group stopped on a queue (QUERY_CONSUMER_OFFSET). Empty means no offset
 * was ever committed (QUERY_NOT_FOUND); the caller may still answer 0 when the 5.x request asks
 * {@code setZeroIfNotFound} and the queue still starts at offset 0, which only the message store knows.
 */
public final class QueryConsumerOffset {

    public record Command(GroupName group, TopicName topic, int queueId) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            if (queueId < 0) {
                throw new IllegalArgumentException("queueId must not be negative: " + queueId);
            }
        }
    }

    private final ConsumerOffsets offsets;

    public QueryConsumerOffset(ConsumerOffsets offsets) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
    }

    public OptionalLong query(Command command) {
        return offsets.find(new TopicGroup(command.topic(), command.group()), command.queueId());
    }
}
