package io.hexmq.application.message;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A consumer hands back a message it failed to consume (CONSUMER_SEND_MSG_BACK, protocol.md §2.3.3).
 * The broker re-reads it by commit-log offset and stores a copy for the group to consume again: to
 * {@code %RETRY%group} with reconsumeTimes + 1, or to {@code %DLQ%group} once the retries are used up
 * (or when the consumer asks with a negative delay level). The copy keeps body, flag, system flag,
 * born time and host, gains {@code RETRY_TOPIC} (the original topic, once) and
 * {@code ORIGIN_MESSAGE_ID} (the first message's offset id).
 *
 * <p>The retry waits: {@code DELAY} = the level asked for, or 3 + reconsumeTimes (10 s, 30 s, 1 min, ...
 * up to the last level), so the copy is parked in the schedule topic and {@link DeliverDueMessages}
 * delivers it to {@code %RETRY%group} when due. A DLQ copy is stored at once, without {@code DELAY}.
 */
public final class SendMessageBack {

    /**
     * @param commitLogOffset   where the failed message is stored (decoded from its offset message id)
     * @param delayLevel        0: the broker chooses; negative: straight to the DLQ; positive: that level
     * @param maxReconsumeTimes the consumer's retry limit, if it sent one (only requests from V3_4_9 on count)
     */
    public record Command(String group, long commitLogOffset, int delayLevel, OptionalInt maxReconsumeTimes) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(maxReconsumeTimes, "maxReconsumeTimes");
        }
    }

    public enum Status {
        /** Stored for another attempt, moved to the DLQ, or (a group without retry queues) dropped. */
        OK,
        SUBSCRIPTION_GROUP_NOT_EXIST,
        NO_PERMISSION,
        /** No message at that offset, or the store refused the copy (SYSTEM_ERROR). */
        FAILED
    }

    /** @param remark why not; empty when OK */
    public record Result(Status status, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
        }
    }

    private static final int RETRY_BASE_DELAY_LEVEL = 3;
    private static final Result OK = new Result(Status.OK, "");

    private final SubscriptionGroupLookup groups;
    private final GroupTopics groupTopics;
    private final MessageStore store;
    private final LiveBrokerSettings brokerSettings;
    private final MessageSettings settings;
    private final Clock clock;
    private final MessageOutcomes outcomes;

    public SendMessageBack(SubscriptionGroupLookup groups, GroupTopics groupTopics, MessageStore store,
            LiveBrokerSettings brokerSettings, MessageSettings settings, Clock clock, MessageOutcomes outcomes) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.groupTopics = Objects.requireNonNull(groupTopics, "groupTopics");
        this.store = Objects.requireNonNull(store, "store");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.outcomes = Objects.requireNonNull(outcomes, "outcomes");
    }

    /**
     * Stores the copy; the stage completes when the store's append does ({@link MessageStore#appendAsync}),
     * and at once when the send-back is refused.
     */
    public CompletionStage<Result> sendBack(Command command) {
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(command.group());
        if (config.isEmpty()) {
            return now(new Result(Status.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group not exist, " + command.group()));
        }
        GroupName group = config.get().groupName();
        if (!brokerSettings.get().brokerPermission().isWritable()) {
            return now(new Result(Status.NO_PERMISSION, "the broker[" + brokerSettings.get().brokerAddress()
                    + "] sending message is forbidden"));
        }
        if (config.get().retryQueueNums() <= 0) {
            return now(OK);
        }
        TopicConfig retryTopic = groupTopics.retryTopic(group, config.get().retryQueueNums());
        if (!retryTopic.permission().isWritable()) {
            return now(new Result(Status.NO_PERMISSION, "the topic[" + retryTopic.name()
                    + "] sending message is forbidden"));
        }
        Optional<ByteBuffer> record = store.lookup(command.commitLogOffset());
        if (record.isEmpty()) {
            return now(new Result(Status.FAILED, "look message by offset failed, " + command.commitLogOffset()));
        }
        StoredMessage original = StoredMessage.decode(record.get());
        Map<String, String> properties = original.propertyMap();
        properties.putIfAbsent(SendProperties.RETRY_TOPIC, original.topic());

        int maxReconsumeTimes = command.maxReconsumeTimes().orElse(config.get().retryMaxTimes());
        TopicConfig target = retryTopic;
        int queueId;
        int delayLevel = 0;
        if (original.reconsumeTimes() >= maxReconsumeTimes || command.delayLevel() < 0) {
            target = groupTopics.dlqTopic(group);
            if (!target.permission().isWritable()) {
                return now(new Result(Status.NO_PERMISSION, "the topic[" + target.name()
                        + "] sending message is forbidden"));
            }
            queueId = 0;
            properties.remove(MessageProperties.DELAY_TIME_LEVEL);
        } else {
            delayLevel = command.delayLevel() == 0
                    ? RETRY_BASE_DELAY_LEVEL + original.reconsumeTimes() : command.delayLevel();
            properties.put(MessageProperties.DELAY_TIME_LEVEL, Integer.toString(delayLevel));
            queueId = ThreadLocalRandom.current().nextInt(Math.max(1, retryTopic.writeQueueNums()));
        }
        String originId = properties.get(SendProperties.ORIGIN_MESSAGE_ID);
        if (originId == null || originId.isBlank()) {
            properties.put(SendProperties.ORIGIN_MESSAGE_ID, original.offsetMessageId());
        }
        Message copy = new Message(target.name().value(), queueId, original.flag(), original.body(),
                MessageProperties.encode(properties), original.sysFlag(), original.bornTimestamp(),
                original.bornHost(), original.reconsumeTimes() + 1, original.preparedTransactionOffset());
        if (delayLevel > 0) {
            copy = DelayedDelivery.park(copy, delayLevel, settings.messageDelayLevel(), clock.millis());
        }
        boolean deadLettered = target != retryTopic;
        TopicName origin = new TopicName(properties.get(SendProperties.RETRY_TOPIC));
        return store.appendAsync(copy).thenApply(appended -> {
            if (!appended.status().isStored()) {
                return new Result(Status.FAILED, appended.status().name());
            }
            if (deadLettered) {
                outcomes.deadLettered(group, origin);
            }
            return OK;
        });
    }

    private static CompletionStage<Result> now(Result result) {
        return CompletableFuture.completedFuture(result);
    }
}
