package io.hexmq.application.message;

import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer pulls messages of one queue (PULL_MESSAGE, LITE_PULL_MESSAGE; protocol.md §2.3.9).
 *
 * <p>Before the store is touched: the broker must be readable (NO_PERMISSION), the group must have a
 * config (created when allowed; else SUBSCRIPTION_GROUP_NOT_EXIST) that lets it consume, the topic
 * must be hosted (TOPIC_NOT_EXIST) and readable, the queue id below its read queues
 * (INVALID_PARAMETER). The filter comes from the request's expression when it carries one
 * ({@link Command#FLAG_SUBSCRIPTION}), else from the group's heartbeat (none: SUBSCRIPTION_NOT_EXIST;
 * older than the request's: SUBSCRIPTION_NOT_LATEST). A TAG expression filters by tag; an SQL92 one
 * (expression type {@code SQL92}) needs {@code enablePropertyFilter} (else FILTER_NOT_SUPPORTED, which
 * RocketMQ answers SYSTEM_ERROR) and filters by message properties on the broker, compiled once per
 * expression text.
 *
 * <p>An SQL92 expression that does not compile is answered as RocketMQ 5 answers it, step by step:
 * <ul>
 *   <li>from the heartbeat: FILTER_DATA_NOT_EXIST, even when property filtering is off. RocketMQ compiles
 *       heartbeat expressions into its consumer filter registry, a failure leaves the group without
 *       filter data, and its pull looks that up before anything else about the filter; the remark
 *       says the expression may be wrong, with the parser's reason here.</li>
 *   <li>carried by the request: an empty expression is SUBSCRIPTION_PARSE_FAILED before anything else, as
 *       in RocketMQ. A non-empty one that does not compile is SUBSCRIPTION_PARSE_FAILED with the reason
 *       (after the property-filter check); here hexmq departs from RocketMQ on purpose, whose broker
 *       then filters with no filter at all (an assertion it runs without) and returns every message.
 *       Official consumers that carry their expression (lite pull) have it checked by
 *       CHECK_CLIENT_CONFIG at start, so only the deprecated pull consumer can get here.</li>
 * </ul>
 *
 * <p>The store's read status becomes the result status by the §2.3.9 table, with the store's next,
 * min and max offsets. When the consumer asked for it ({@link Command#FLAG_COMMIT_OFFSET}) its
 * {@code commitOffset} is committed on the first run. A pull that finds nothing new and may wait
 * ({@link Command#FLAG_SUSPEND}) is parked in {@link LongPollingPulls}; its future completes when a
 * matching message arrives or the wait ends, by re-running the pull once without waiting.
 */
public final class PullMessages {

    /**
     * @param subscription   the expression, read when {@link #FLAG_SUBSCRIPTION} is set; may be null
     * @param expressionType {@code TAG} or {@code SQL92}; null means TAG
     */
    public record Command(
            String consumerGroup,
            String topic,
            int queueId,
            long queueOffset,
            int maxMsgNums,
            int sysFlag,
            long commitOffset,
            long suspendTimeoutMillis,
            String subscription,
            long subVersion,
            String expressionType) {

        /** The bits of {@link #sysFlag}, as {@link PullSysFlag} defines them. */
        public static final int FLAG_COMMIT_OFFSET = PullSysFlag.COMMIT_OFFSET;
        public static final int FLAG_SUSPEND = PullSysFlag.SUSPEND;
        public static final int FLAG_SUBSCRIPTION = PullSysFlag.SUBSCRIPTION;
        public static final int FLAG_CLASS_FILTER = PullSysFlag.CLASS_FILTER;
        public static final int FLAG_LITE_PULL_MESSAGE = PullSysFlag.LITE_PULL_MESSAGE;

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            maxMsgNums = Math.max(1, maxMsgNums);
            suspendTimeoutMillis = Math.max(0, suspendTimeoutMillis);
        }

        boolean has(int flag) {
            return (sysFlag & flag) != 0;
        }
    }

    public enum Status {
        /** Messages found (SUCCESS). */
        FOUND(true),
        /** Nothing new (PULL_NOT_FOUND); continue at nextBeginOffset. */
        NO_NEW_MESSAGE(true),
        /** Entries were scanned but none matched (PULL_RETRY_IMMEDIATELY). */
        NO_MATCHED_MESSAGE(true),
        /** The offset is not in the queue (PULL_OFFSET_MOVED); continue at nextBeginOffset. */
        OFFSET_MOVED(true),
        NO_PERMISSION(false),
        SUBSCRIPTION_GROUP_NOT_EXIST(false),
        TOPIC_NOT_EXIST(false),
        INVALID_PARAMETER(false),
        SUBSCRIPTION_PARSE_FAILED(false),
        SUBSCRIPTION_NOT_EXIST(false),
        SUBSCRIPTION_NOT_LATEST(false),
        /** An SQL92 subscription while {@code enablePropertyFilter} is off. */
        FILTER_NOT_SUPPORTED(false),
        /** The heartbeat's SQL92 subscription does not compile, so there is no filter to pull with. */
        FILTER_DATA_NOT_EXIST(false);

        private final boolean read;

        Status(boolean read) {
            this.read = read;
        }

        /** Whether the store was read, so the offsets in the result are real. */
        public boolean hasOffsets() {
            return read;
        }
    }

    /**
     * @param remark               why a pull was refused; empty otherwise
     * @param suggestWhichBrokerId where to pull next time: always 0, the master
     * @param messages             the found records in their stored encoding (read-only views)
     */
    public record Result(Status status, String remark, long nextBeginOffset, long minOffset, long maxOffset,
            long suggestWhichBrokerId, List<ByteBuffer> messages) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
            messages = List.copyOf(messages);
        }

        static Result refused(Status status, String remark) {
            return new Result(status, remark, 0, 0, 0, 0, List.of());
        }
    }

    /** A pull's result and the filter it read with (a parked pull waits with the same filter). */
    private record Attempt(Result result, MessageFilter filter) {
    }

    private final SubscriptionGroupLookup groups;
    private final TopicTable topics;
    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final ConsumerOffsets offsets;
    private final LongPollingPulls longPolling;
    private final BrokerStatistics statistics;
    private final Clock clock;
    private final LiveBrokerSettings brokerSettings;
    private final MessageSettings settings;
    private final Sql92Filters sql92Filters = new Sql92Filters();

    public PullMessages(SubscriptionGroupLookup groups, TopicTable topics, ConsumerGroups consumers,
            MessageStore store, ConsumerOffsets offsets, LongPollingPulls longPolling, BrokerStatistics statistics,
            Clock clock, LiveBrokerSettings brokerSettings, MessageSettings settings) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.longPolling = Objects.requireNonNull(longPolling, "longPolling");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return completes at once, or later when the pull was parked */
    public CompletableFuture<Result> pull(Command command) {
        Attempt attempt = attempt(command, true);
        Result result = attempt.result();
        if (result.status() != Status.NO_NEW_MESSAGE || !command.has(Command.FLAG_SUSPEND)) {
            return CompletableFuture.completedFuture(result);
        }
        CompletableFuture<Result> later = new CompletableFuture<>();
        long wait = settings.longPollingEnable() ? command.suspendTimeoutMillis() : settings.shortPollingTimeMills();
        ParkedPull parked = new ParkedPull(command.topic(), command.queueId(), command.queueOffset(),
                attempt.filter(), clock.millis() + wait, () -> answerLater(command, later));
        longPolling.park(parked);
        if (store.maxOffset(command.topic(), command.queueId()) > command.queueOffset()) {
            longPolling.release(parked);
        }
        return later;
    }

    private void answerLater(Command command, CompletableFuture<Result> later) {
        try {
            later.complete(attempt(command, false).result());
        } catch (RuntimeException e) {
            later.completeExceptionally(e);
        }
    }

    private Attempt attempt(Command command, boolean firstRun) {
        if (!brokerSettings.get().brokerPermission().isReadable()) {
            return refused(Status.NO_PERMISSION, "the broker[" + brokerSettings.get().brokerAddress()
                    + "] pulling message is forbidden");
        }
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(command.consumerGroup());
        if (config.isEmpty()) {
            return refused(Status.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group [" + command.consumerGroup()
                    + "] does not exist");
        }
        GroupName group = config.get().groupName();
        if (!config.get().consumeEnable()) {
            return refused(Status.NO_PERMISSION, "subscription group no permission, " + command.consumerGroup());
        }
        Optional<TopicConfig> topic = TopicName.validationProblem(command.topic()).isPresent()
                ? Optional.empty() : topics.find(new TopicName(command.topic()));
        if (topic.isEmpty()) {
            return refused(Status.TOPIC_NOT_EXIST, "topic[" + command.topic() + "] not exist, apply first please!");
        }
        if (!topic.get().permission().isReadable()) {
            return refused(Status.NO_PERMISSION, "the topic[" + command.topic() + "] pulling message is forbidden");
        }
        if (command.queueId() < 0 || command.queueId() >= topic.get().readQueueNums()) {
            return refused(Status.INVALID_PARAMETER, "queueId[" + command.queueId() + "] is illegal, topic:["
                    + command.topic() + "] topicConfig.readQueueNums:[" + topic.get().readQueueNums() + "]");
        }
        Attempt filterOrRefusal = filter(command, group, config.get(), topic.get().name());
        if (filterOrRefusal.result() != null) {
            return filterOrRefusal;
        }
        MessageFilter filter = filterOrRefusal.filter();
        long startedAt = clock.millis();
        ReadResult read = store.read(command.topic(), command.queueId(), command.queueOffset(),
                command.maxMsgNums(), filter);
        statistics.recordReadLatency(clock.millis() - startedAt);
        Status status = status(read, command.queueOffset());
        TopicGroup key = new TopicGroup(topic.get().name(), group);
        if (status == Status.FOUND) {
            statistics.recordGet(key, read.messages().size(), read.totalBytes());
        } else {
            statistics.recordMissedRead();
        }
        offsets.recordPull(key, command.queueId(), read.nextBeginOffset());
        if (firstRun && command.has(Command.FLAG_COMMIT_OFFSET) && command.commitOffset() >= 0
                && brokerSettings.get().brokerId().isMaster()) {
            // The group's config and the topic were found above: what an offset commit checks first.
            offsets.commit(key, command.queueId(), command.commitOffset());
        }
        return new Attempt(new Result(status, "", read.nextBeginOffset(), read.minOffset(), read.maxOffset(), 0,
                read.messages()), filter);
    }

    /** The filter to read with, or a refusal (an Attempt with a result and no filter). */
    private Attempt filter(Command command, GroupName group, SubscriptionGroupConfig config, TopicName topic) {
        if (command.has(Command.FLAG_SUBSCRIPTION)) {
            if (isSql92(command.expressionType())) {
                return carriedSql92(command);
            }
            Optional<MessageFilter> parsed = TagFilter.parse(command.subscription());
            if (parsed.isEmpty()) {
                return refused(Status.SUBSCRIPTION_PARSE_FAILED, "parse the consumer's subscription["
                        + command.subscription() + "] failed, group: " + command.consumerGroup());
            }
            return new Attempt(null, parsed.get());
        }
        Optional<ConsumerGroup> members = consumers.find(group);
        if (members.isEmpty()) {
            return refused(Status.SUBSCRIPTION_NOT_EXIST, "the consumer's group info not exist, group: "
                    + command.consumerGroup());
        }
        if (!config.consumeBroadcastEnable() && members.get().messageModel() == MessageModel.BROADCASTING) {
            return refused(Status.NO_PERMISSION, "the consumer group[" + command.consumerGroup()
                    + "] can not consume by broadcast way");
        }
        Optional<Subscription> subscription = members.get().subscription(topic);
        if (subscription.isEmpty()) {
            return refused(Status.SUBSCRIPTION_NOT_EXIST, "the consumer's subscription not exist, group: "
                    + command.consumerGroup() + ", topic: " + command.topic());
        }
        if (subscription.get().subVersion() < command.subVersion()) {
            return refused(Status.SUBSCRIPTION_NOT_LATEST, "the consumer's subscription not latest, group: "
                    + command.consumerGroup() + ", topic: " + command.topic());
        }
        if (subscription.get().expressionType() == ExpressionType.SQL92) {
            return recordedSql92(subscription.get().subString(), command);
        }
        return new Attempt(null, Subscription.SUB_ALL.equals(subscription.get().subString())
                ? MessageFilter.ALL : TagFilter.of(subscription.get().tags()));
    }

    /** The §2.3.9 table: store status (and requested offset) to pull status. */
    private static Status status(ReadResult read, long requestedOffset) {
        return switch (read.status()) {
            case FOUND -> Status.FOUND;
            case NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> Status.NO_MATCHED_MESSAGE;
            case NO_MESSAGE_IN_QUEUE, NO_MATCHED_LOGIC_QUEUE ->
                    requestedOffset != 0 ? Status.OFFSET_MOVED : Status.NO_NEW_MESSAGE;
            case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY -> Status.OFFSET_MOVED;
            case OFFSET_OVERFLOW_ONE, OFFSET_FOUND_NULL -> Status.NO_NEW_MESSAGE;
        };
    }

    private static boolean isSql92(String expressionType) {
        return expressionType != null && ExpressionType.SQL92.name().equalsIgnoreCase(expressionType);
    }

    /** The request's own SQL92 expression. */
    private Attempt carriedSql92(Command command) {
        String expression = command.subscription();
        if (expression == null || expression.isEmpty()) {
            return refused(Status.SUBSCRIPTION_PARSE_FAILED, "parse the consumer's subscription failed: an SQL92 "
                    + "subscription needs an expression, group: " + command.consumerGroup() + ", topic: "
                    + command.topic());
        }
        if (!brokerSettings.get().enablePropertyFilter()) {
            return filterNotSupported();
        }
        Sql92Filters.Compiled compiled = sql92Filters.compile(expression);
        if (compiled.filter() == null) {
            return refused(Status.SUBSCRIPTION_PARSE_FAILED, "parse the consumer's SQL92 subscription failed, group: "
                    + command.consumerGroup() + ", topic: " + command.topic() + ": " + compiled.error());
        }
        return new Attempt(null, compiled.filter());
    }

    /** The SQL92 expression of the group's heartbeat. */
    private Attempt recordedSql92(String expression, Command command) {
        Sql92Filters.Compiled compiled = sql92Filters.compile(expression);
        if (compiled.filter() == null) {
            return refused(Status.FILTER_DATA_NOT_EXIST, "the broker has no filter for the consumer's SQL92 "
                    + "subscription, its expression may be wrong, group: " + command.consumerGroup() + ", topic: "
                    + command.topic() + ": " + compiled.error());
        }
        if (!brokerSettings.get().enablePropertyFilter()) {
            return filterNotSupported();
        }
        return new Attempt(null, compiled.filter());
    }

    private static Attempt filterNotSupported() {
        return refused(Status.FILTER_NOT_SUPPORTED, "The broker does not support consumer to filter message by SQL92");
    }

    private static Attempt refused(Status status, String remark) {
        return new Attempt(Result.refused(status, remark), null);
    }
}
