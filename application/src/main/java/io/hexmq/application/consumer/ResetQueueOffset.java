package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An admin moves a consumer group's position on one queue (INVOKE_BROKER_TO_RESET_OFFSET naming a queue,
 * {@code mqadmin resetOffsetByTime -b -q [-o]}): to the offset given, or else to the first stored at or after the
 * timestamp ({@code -1}: the queue's end), as RocketMQ 5's broker resets on its own side. The offset is committed
 * whether or not a member is online; online members are told at once, as {@link ResetConsumerOffsetByTime} tells
 * them.
 *
 * <p>Refused, with nothing changed, when the topic is not hosted here, when the group has no config, and when the
 * offset lies outside the queue: below its minimum or past one beyond its maximum.
 */
public final class ResetQueueOffset {

    /** @param offset where to put the group; empty: where {@code timestampMillis} says */
    public record Command(GroupName group, TopicName topic, int queueId, OptionalLong offset, long timestampMillis) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(offset, "offset");
            if (queueId < 0) {
                throw new IllegalArgumentException("queueId must not be negative: " + queueId);
            }
        }
    }

    public enum Status {
        RESET,
        TOPIC_NOT_EXIST,
        GROUP_NOT_EXIST,
        OFFSET_OUT_OF_RANGE
    }

    /** @param offset the queue's new offset when {@link Status#RESET} */
    public record Result(Status status, MessageQueue queue, long offset, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(queue, "queue");
            Objects.requireNonNull(remark, "remark");
        }
    }

    private final TopicTable topics;
    private final SubscriptionGroups groups;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final ConsumerNotifier notifier;
    private final BrokerSettings settings;

    public ResetQueueOffset(TopicTable topics, SubscriptionGroups groups, ConsumerOffsets offsets,
            ConsumerGroups consumers, MessageStore store, ConsumerNotifier notifier, BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.store = Objects.requireNonNull(store, "store");
        this.notifier = Objects.requireNonNull(notifier, "notifier");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result reset(Command command) {
        MessageQueue queue = new MessageQueue(command.topic(), settings.brokerName(), command.queueId());
        if (topics.find(command.topic()).isEmpty()) {
            return refused(Status.TOPIC_NOT_EXIST, queue, "Topic " + command.topic() + " does not exist");
        }
        if (groups.find(command.group()).isEmpty()) {
            return refused(Status.GROUP_NOT_EXIST, queue, "Group " + command.group() + " does not exist");
        }
        String topic = command.topic().value();
        long min = store.minOffset(topic, command.queueId());
        long max = store.maxOffset(topic, command.queueId());
        long target;
        if (command.offset().isPresent()) {
            target = command.offset().getAsLong();
            if (target < min || target > max + 1) {
                return refused(Status.OFFSET_OUT_OF_RANGE, queue, "Target offset " + target
                        + " not in consume queue range [" + min + "-" + max + "]");
            }
        } else {
            target = command.timestampMillis() < 0 ? max : store.offsetByTime(topic, command.queueId(),
                    command.timestampMillis());
        }
        offsets.commit(new TopicGroup(command.topic(), command.group()), command.queueId(), target);
        Optional<ConsumerGroup> online = consumers.find(command.group()).filter(group -> !group.members().isEmpty());
        online.ifPresent(group -> notifier.offsetsReset(command.group(), command.topic(), command.timestampMillis(),
                Map.of(queue, target), group.connections()));
        return new Result(Status.RESET, queue, target, "");
    }

    private static Result refused(Status status, MessageQueue queue, String remark) {
        return new Result(status, queue, -1, remark);
    }
}
