package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;

/**
 * A consumer commits where its group stands on a queue (UPDATE_CONSUMER_OFFSET, usually oneway, every
 * 5 s per queue). The group must have a config (created if auto-create is on,
 * {@link SubscriptionGroupLookup}) and the topic must be hosted here. The offset is in memory at once and on disk with the next periodic save.
 *
 * <p>A negative offset (clients send -1 for a queue still at its start) is accepted as RocketMQ's broker
 * accepts it, and leaves the group with no position on the queue: a later QUERY_CONSUMER_OFFSET answers as
 * if nothing had been committed there.
 */
public final class CommitConsumerOffset {

    public record Command(GroupName group, TopicName topic, int queueId, long offset) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            if (queueId < 0) {
                throw new IllegalArgumentException("queueId must not be negative: " + queueId);
            }
        }

        boolean clearsPosition() {
            return offset < 0;
        }
    }

    public enum Result {
        COMMITTED,
        /** No config for the group and none may be created (SUBSCRIPTION_GROUP_NOT_EXIST). */
        GROUP_NOT_EXIST,
        /** The topic is not hosted here (TOPIC_NOT_EXIST). */
        TOPIC_NOT_EXIST
    }

    private final ConsumerOffsets offsets;
    private final SubscriptionGroupLookup groups;
    private final TopicTable topics;

    public CommitConsumerOffset(ConsumerOffsets offsets, SubscriptionGroupLookup groups, TopicTable topics) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.topics = Objects.requireNonNull(topics, "topics");
    }

    public Result commit(Command command) {
        if (groups.findOrCreate(command.group()).isEmpty()) {
            return Result.GROUP_NOT_EXIST;
        }
        if (topics.find(command.topic()).isEmpty()) {
            return Result.TOPIC_NOT_EXIST;
        }
        TopicGroup key = new TopicGroup(command.topic(), command.group());
        if (command.clearsPosition()) {
            offsets.forget(key, command.queueId());
        } else {
            offsets.commit(key, command.queueId(), command.offset());
        }
        return Result.COMMITTED;
    }
}
