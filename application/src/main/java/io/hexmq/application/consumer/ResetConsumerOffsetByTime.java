package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An admin moves a consumer group's position on a topic back (or forward) to a point in time
 * (INVOKE_BROKER_TO_RESET_OFFSET, {@code mqadmin resetOffsetByTime}). For each write queue of the topic
 * the target is the first offset stored at or after the timestamp ({@code -1}: the queue's end).
 * Without {@code force} a queue only moves backwards: a group already behind the target keeps its
 * offset. The new offsets are committed and pushed to the group's online members, which continue from
 * them at once.
 *
 * <p>Refused, with nothing changed, when the topic is not hosted here, when the group has no committed
 * offset on some queue (it never consumed the topic here), and when no member is online: RocketMQ's
 * admin tool then falls back to committing offsets itself.
 */
public final class ResetConsumerOffsetByTime {

    /** The timestamp that means "the end of each queue". */
    public static final long LATEST = -1;

    /** @param timestampMillis store time to reset to, or {@link #LATEST} */
    public record Command(GroupName group, TopicName topic, long timestampMillis, boolean force) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            if (timestampMillis < LATEST) {
                throw new IllegalArgumentException("timestamp must be -1 or a time in millis: " + timestampMillis);
            }
        }
    }

    public enum Status {
        RESET,
        TOPIC_NOT_EXIST,
        /** The group has no committed offset on a queue of the topic. */
        GROUP_OFFSET_NOT_FOUND,
        CONSUMER_NOT_ONLINE
    }

    /**
     * @param offsets the new offset of each queue when {@link Status#RESET}, else empty
     * @param remark  why not, in words an admin can read; empty when reset
     */
    public record Result(Status status, Map<MessageQueue, Long> offsets, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
            offsets = Collections.unmodifiableSortedMap(new TreeMap<>(offsets));
        }

        static Result refused(Status status, String remark) {
            return new Result(status, Map.of(), remark);
        }
    }

    private final TopicTable topics;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final ConsumerNotifier notifier;
    private final BrokerSettings settings;

    public ResetConsumerOffsetByTime(TopicTable topics, ConsumerOffsets offsets, ConsumerGroups consumers,
            MessageStore store, ConsumerNotifier notifier, BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.store = Objects.requireNonNull(store, "store");
        this.notifier = Objects.requireNonNull(notifier, "notifier");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Result reset(Command command) {
        Optional<TopicConfig> topic = topics.find(command.topic());
        if (topic.isEmpty()) {
            return Result.refused(Status.TOPIC_NOT_EXIST, "topic[" + command.topic() + "] does not exist on broker "
                    + settings.brokerName().value());
        }
        TopicGroup key = new TopicGroup(command.topic(), command.group());
        SortedMap<MessageQueue, Long> target = new TreeMap<>();
        for (int queueId = 0; queueId < topic.get().writeQueueNums(); queueId++) {
            OptionalLong current = offsets.find(key, queueId);
            if (current.isEmpty()) {
                return Result.refused(Status.GROUP_OFFSET_NOT_FOUND, "consumer group " + command.group()
                        + " has no offset on queue " + queueId + " of topic " + command.topic());
            }
            long atTime = Math.max(0, command.timestampMillis() == LATEST
                    ? store.maxOffset(command.topic().value(), queueId)
                    : store.offsetByTime(command.topic().value(), queueId, command.timestampMillis()));
            long next = command.force() || atTime < current.getAsLong() ? atTime : current.getAsLong();
            target.put(new MessageQueue(command.topic(), settings.brokerName(), queueId), next);
        }
        Optional<ConsumerGroup> online = consumers.find(command.group()).filter(group -> !group.members().isEmpty());
        if (online.isEmpty()) {
            return Result.refused(Status.CONSUMER_NOT_ONLINE, "consumer group " + command.group()
                    + " is not online, so its offsets on topic " + command.topic() + " cannot be reset by time");
        }
        target.forEach((queue, offset) -> offsets.commit(key, queue.queueId(), offset));
        notifier.offsetsReset(command.group(), command.topic(), command.timestampMillis(), target,
                online.get().connections());
        return new Result(Status.RESET, target, "");
    }
}
