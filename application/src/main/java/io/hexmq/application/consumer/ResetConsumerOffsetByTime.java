package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.SubscriptionGroups;
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
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An admin moves a consumer group's position on a topic back (or forward) to a point in time
 * (INVOKE_BROKER_TO_RESET_OFFSET, {@code mqadmin resetOffsetByTime}), on the broker's side as RocketMQ 5's broker
 * does by default ({@code useServerSideResetOffset}): for each read queue of the topic the group's offset becomes
 * the first one stored at or after the timestamp ({@code -1}: the queue's end), whether or not the group ever
 * consumed that queue and whether or not a member is online; online members are told at once and go on from
 * there. As there, the request's {@code isForce} changes nothing: a queue moves forward as readily as back.
 *
 * <p>Refused, with nothing changed, when the topic is not hosted here or the group has no config.
 */
public final class ResetConsumerOffsetByTime {

    /** The timestamp that means "the end of each queue". */
    public static final long LATEST = -1;

    /** @param timestampMillis store time to reset to, or {@link #LATEST} */
    public record Command(GroupName group, TopicName topic, long timestampMillis) {

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
        GROUP_NOT_EXIST
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
    private final SubscriptionGroups groups;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final ConsumerNotifier notifier;
    private final BrokerSettings settings;

    public ResetConsumerOffsetByTime(TopicTable topics, SubscriptionGroups groups, ConsumerOffsets offsets,
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
        Optional<TopicConfig> topic = topics.find(command.topic());
        if (topic.isEmpty()) {
            return Result.refused(Status.TOPIC_NOT_EXIST, "topic[" + command.topic() + "] does not exist on broker "
                    + settings.brokerName().value());
        }
        if (groups.find(command.group()).isEmpty()) {
            return Result.refused(Status.GROUP_NOT_EXIST, "group " + command.group() + " does not exist");
        }
        TopicGroup key = new TopicGroup(command.topic(), command.group());
        SortedMap<MessageQueue, Long> target = new TreeMap<>();
        for (int queueId = 0; queueId < topic.get().readQueueNums(); queueId++) {
            long offset = Math.max(0, command.timestampMillis() == LATEST
                    ? store.maxOffset(command.topic().value(), queueId)
                    : store.offsetByTime(command.topic().value(), queueId, command.timestampMillis()));
            target.put(new MessageQueue(command.topic(), settings.brokerName(), queueId), offset);
        }
        target.forEach((queue, offset) -> offsets.commit(key, queue.queueId(), offset));
        consumers.find(command.group()).filter(group -> !group.members().isEmpty()).ifPresent(online ->
                notifier.offsetsReset(command.group(), command.topic(), command.timestampMillis(), target,
                        online.connections()));
        return new Result(Status.RESET, target, "");
    }
}
