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
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An admin moves a consumer group's position on a topic (INVOKE_BROKER_TO_RESET_OFFSET, {@code mqadmin
 * resetOffsetByTime}, the console's reset) on the broker's side, as RocketMQ 5's broker does by default
 * ({@code useServerSideResetOffset}): on every read queue of the topic, or on one queue ({@code -b -q [-o]}). A
 * queue's new offset is the one given, or else the first stored at or after the timestamp ({@link #LATEST}: the
 * queue's end). It is committed whether or not the group ever consumed that queue and whether or not a member is
 * online; online members are told at once and go on from there. As there, the request's {@code isForce} changes
 * nothing: a queue moves forward as readily as back.
 *
 * <p>Refused, with nothing changed, when the topic is not hosted here, when the group has no config, and when a
 * given offset lies outside its queue: below the minimum or past one beyond the maximum.
 */
public final class ResetGroupOffsets {

    /** The timestamp that means "the end of each queue". */
    public static final long LATEST = -1;

    /** Which queues move: every read queue of the topic, or one. */
    public sealed interface Scope {

        Scope ALL_READ_QUEUES = new AllReadQueues();

        /** @param offset where to put the group; empty: where the command's timestamp says */
        static Scope queue(int queueId, OptionalLong offset) {
            return new OneQueue(queueId, offset);
        }
    }

    record AllReadQueues() implements Scope {
    }

    record OneQueue(int queueId, OptionalLong offset) implements Scope {

        OneQueue {
            Objects.requireNonNull(offset, "offset");
            if (queueId < 0) {
                throw new IllegalArgumentException("queueId must not be negative: " + queueId);
            }
        }
    }

    /** @param timestampMillis store time to reset to, or {@link #LATEST} */
    public record Command(GroupName group, TopicName topic, Scope scope, long timestampMillis) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(scope, "scope");
            if (timestampMillis < LATEST) {
                throw new IllegalArgumentException("timestamp must be -1 or a time in millis: " + timestampMillis);
            }
        }

        public static Command allReadQueues(GroupName group, TopicName topic, long timestampMillis) {
            return new Command(group, topic, Scope.ALL_READ_QUEUES, timestampMillis);
        }
    }

    public enum Status {
        RESET,
        TOPIC_NOT_EXIST,
        GROUP_NOT_EXIST,
        OFFSET_OUT_OF_RANGE
    }

    /**
     * @param offsets the new offset of each queue moved when {@link Status#RESET}, else empty
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

    public ResetGroupOffsets(TopicTable topics, SubscriptionGroups groups, ConsumerOffsets offsets,
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
        SortedMap<MessageQueue, Long> target = new TreeMap<>();
        if (command.scope() instanceof OneQueue one) {
            Optional<String> outOfRange = placeOneQueue(command, one, target);
            if (outOfRange.isPresent()) {
                return Result.refused(Status.OFFSET_OUT_OF_RANGE, outOfRange.get());
            }
        } else {
            for (int queueId = 0; queueId < topic.get().readQueueNums(); queueId++) {
                target.put(queue(command, queueId), offsetByTime(command, queueId));
            }
        }
        TopicGroup key = new TopicGroup(command.topic(), command.group());
        target.forEach((queue, offset) -> offsets.commit(key, queue.queueId(), offset));
        consumers.find(command.group()).filter(group -> !group.members().isEmpty()).ifPresent(online ->
                notifier.offsetsReset(command.group(), command.topic(), command.timestampMillis(), target,
                        online.connections()));
        return new Result(Status.RESET, target, "");
    }

    /** @return why the given offset cannot be taken, or empty once {@code target} holds the queue's new offset */
    private Optional<String> placeOneQueue(Command command, OneQueue one, Map<MessageQueue, Long> target) {
        if (one.offset().isEmpty()) {
            target.put(queue(command, one.queueId()), offsetByTime(command, one.queueId()));
            return Optional.empty();
        }
        long offset = one.offset().getAsLong();
        long min = store.minOffset(command.topic().value(), one.queueId());
        long max = store.maxOffset(command.topic().value(), one.queueId());
        if (offset < min || offset > max + 1) {
            return Optional.of("Target offset " + offset + " not in consume queue range [" + min + "-" + max + "]");
        }
        target.put(queue(command, one.queueId()), offset);
        return Optional.empty();
    }

    private long offsetByTime(Command command, int queueId) {
        String topic = command.topic().value();
        return Math.max(0, command.timestampMillis() == LATEST
                ? store.maxOffset(topic, queueId)
                : store.offsetByTime(topic, queueId, command.timestampMillis()));
    }

    private MessageQueue queue(Command command, int queueId) {
        return new MessageQueue(command.topic(), settings.brokerName(), queueId);
    }
}
