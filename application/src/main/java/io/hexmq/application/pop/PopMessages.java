package io.hexmq.application.pop;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.message.ExpressionFilters;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A consumer pops messages (POP_MESSAGE): the broker hands out up to {@code maxMsgNums} messages of the
 * topic (one queue, or every queue when {@code queueId} is -1) and of the group's POP retry topic, and
 * keeps each invisible to the group for {@code invisibleTime} ms under a {@link io.hexmq.domain.pop.PopCheckpoint}
 * saved before the answer. Unless acked in time a message is delivered again ({@link ReviveExpiredPops}).
 *
 * <p>Refused before anything is read, as RocketMQ refuses: a request that waited longer than its poll
 * time on the way (POLLING_TIMEOUT), an unreadable broker (NO_PERMISSION), more than 32 messages asked
 * (INVALID_PARAMETER), an unknown topic (TOPIC_NOT_EXIST), an unreadable topic (NO_PERMISSION), a queue id
 * past the read queues (INVALID_PARAMETER), a group without config (SUBSCRIPTION_GROUP_NOT_EXIST, created
 * when allowed) or not allowed to consume (NO_PERMISSION), an expression that does not parse
 * (SUBSCRIPTION_PARSE_FAILED).
 *
 * <p>Every fifth POP of a use case looks at the retry topic first, the others last, so redeliveries
 * neither starve nor crowd out new messages. An orderly POP skips the retry topic and every queue on
 * which a message of the group is still invisible; it leaves the offset where it is (acks move it).
 *
 * <p>A POP that finds nothing and may wait ({@code pollTime} > 0) is parked in {@link ParkedPops} and
 * popped again when its topic or retry topic grows, or when its wait ends; then it answers POLLING_TIMEOUT.
 */
public final class PopMessages {

    static final int MAX_MSG_NUMS = 32;
    /** How late a request may arrive past its poll time before it is refused, as RocketMQ allows. */
    private static final long ARRIVAL_SLACK_MILLIS = 500;

    /**
     * @param queueId  one queue, or -1 for every read queue of the topic
     * @param bornTime when the client sent the request (epoch ms; 0 when it does not wait)
     * @param initMode where a group without an offset starts: 0 at the queue's start, 1 at its end
     */
    public record Command(String consumerGroup, String topic, int queueId, int maxMsgNums, long invisibleTime,
            long pollTime, long bornTime, int initMode, String expressionType, String expression, boolean orderly) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            invisibleTime = Math.max(0, invisibleTime);
            pollTime = Math.max(0, pollTime);
        }
    }

    public enum Status {
        FOUND,
        /** Nothing to hand out, now or within the poll time. */
        POLLING_TIMEOUT,
        NO_PERMISSION,
        INVALID_PARAMETER,
        TOPIC_NOT_EXIST,
        SUBSCRIPTION_GROUP_NOT_EXIST,
        SUBSCRIPTION_PARSE_FAILED
    }

    /**
     * What one queue handed out.
     *
     * @param topic       the topic the messages are stored in (the consumed one, or the retry topic)
     * @param startOffset where the group's offset stood when the POP read the queue
     * @param offsets     the queue offsets of the handed-out messages, in order
     * @param attempts    for each, how often it was handed out before (orderly POP; else 0)
     */
    public record QueuePop(String topic, int queueId, long startOffset, List<Long> offsets, List<Integer> attempts) {

        public QueuePop {
            offsets = List.copyOf(offsets);
            attempts = List.copyOf(attempts);
        }
    }

    /**
     * @param restNum  messages left in the queues read, after this POP
     * @param messages the handed-out records in their stored encoding, queue by queue as in {@code queues}
     */
    public record Result(Status status, String remark, long popTime, long invisibleTime, boolean orderly, long restNum,
            List<QueuePop> queues, List<ByteBuffer> messages) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
            queues = List.copyOf(queues);
            messages = List.copyOf(messages);
        }

        static Result refused(Status status, String remark, Command command) {
            return new Result(status, remark, 0, command.invisibleTime(), command.orderly(), 0, List.of(), List.of());
        }
    }

    private final SubscriptionGroupLookup groups;
    private final TopicTable topics;
    private final MessageStore store;
    private final ConsumerOffsets offsets;
    private final PopLedger ledger;
    private final ParkedPops parked;
    private final BrokerStatistics statistics;
    private final ExpressionFilters filters;
    private final Clock clock;
    private final BrokerSettings brokerSettings;
    private final Map<TopicGroup, ReentrantLock> locks = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();

    public PopMessages(SubscriptionGroupLookup groups, TopicTable topics, MessageStore store, ConsumerOffsets offsets,
            PopLedger ledger, ParkedPops parked, BrokerStatistics statistics, ExpressionFilters filters, Clock clock,
            BrokerSettings brokerSettings) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.parked = Objects.requireNonNull(parked, "parked");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.filters = Objects.requireNonNull(filters, "filters");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
    }

    /** @return completes at once, or later when the POP was parked */
    public CompletableFuture<Result> pop(Command command) {
        long now = clock.millis();
        if (command.pollTime() > 0 && command.bornTime() > 0
                && now - command.bornTime() - command.pollTime() > ARRIVAL_SLACK_MILLIS) {
            return done(Result.refused(Status.POLLING_TIMEOUT, "the broker[" + brokerSettings.brokerAddress()
                    + "] pop message is timeout too much", command));
        }
        if (!brokerSettings.brokerPermission().isReadable()) {
            return done(Result.refused(Status.NO_PERMISSION, "the broker[" + brokerSettings.brokerAddress()
                    + "] pop message is forbidden", command));
        }
        if (command.maxMsgNums() > MAX_MSG_NUMS) {
            return done(Result.refused(Status.INVALID_PARAMETER, "the broker[" + brokerSettings.brokerAddress()
                    + "] pop message's num is greater than " + MAX_MSG_NUMS, command));
        }
        Optional<TopicConfig> topic = topics.findNamed(command.topic());
        if (topic.isEmpty()) {
            return done(Result.refused(Status.TOPIC_NOT_EXIST, "topic[" + command.topic()
                    + "] not exist, apply first please!", command));
        }
        if (!topic.get().permission().isReadable()) {
            return done(Result.refused(Status.NO_PERMISSION, "the topic[" + command.topic()
                    + "] peeking message is forbidden", command));
        }
        if (command.queueId() >= topic.get().readQueueNums() || command.queueId() < -1) {
            return done(Result.refused(Status.INVALID_PARAMETER, "queueId[" + command.queueId() + "] is illegal, topic:["
                    + command.topic() + "] topicConfig.readQueueNums:[" + topic.get().readQueueNums() + "]", command));
        }
        Optional<SubscriptionGroupConfig> config = groups.findOrCreate(command.consumerGroup());
        if (config.isEmpty()) {
            return done(Result.refused(Status.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group ["
                    + command.consumerGroup() + "] does not exist", command));
        }
        if (!config.get().consumeEnable()) {
            return done(Result.refused(Status.NO_PERMISSION, "subscription group no permission, "
                    + command.consumerGroup(), command));
        }
        ExpressionFilters.Parsed filter = filters.parse(command.expressionType(), command.expression());
        if (!filter.isValid()) {
            return done(Result.refused(Status.SUBSCRIPTION_PARSE_FAILED, "parse the consumer's subscription failed: "
                    + filter.error(), command));
        }
        Target target = new Target(command, config.get().groupName(), topic.get(), filter.filter());
        CompletableFuture<Result> answer = new CompletableFuture<>();
        attempt(target, now + command.pollTime(), answer);
        return answer;
    }

    /** What a POP reads: resolved once, popped again on each wake-up. */
    private record Target(Command command, GroupName group, TopicConfig topic, MessageFilter filter) {

        TopicName retryTopic() {
            return group.popRetryTopic(topic.name());
        }
    }

    private void attempt(Target target, long deadline, CompletableFuture<Result> answer) {
        try {
            Result result = popNow(target);
            if (result.status() == Status.FOUND || clock.millis() >= deadline) {
                answer.complete(result);
                return;
            }
            parked.park(new ParkedPops.Parked(Set.of(target.topic().name().value(), target.retryTopic().value()),
                    deadline, () -> attempt(target, deadline, answer)));
            if (backlog(target) > result.restNum()) {
                // A message came between the read and the park: do not sleep on it.
                parked.wake(target.topic().name().value());
            }
        } catch (RuntimeException e) {
            answer.completeExceptionally(e);
        }
    }

    private Result popNow(Target target) {
        Command command = target.command();
        long popTime = clock.millis();
        PopRound round = new PopRound(store, offsets, target.group(), popTime, command.invisibleTime(),
                command.orderly(), command.initMode(), Math.max(1, command.maxMsgNums()), target.filter());
        ReentrantLock lock = locks.computeIfAbsent(new TopicGroup(target.topic().name(), target.group()),
                ignored -> new ReentrantLock());
        lock.lock();
        try {
            long request = requests.getAndIncrement();
            Optional<TopicConfig> retry = command.orderly() ? Optional.empty() : topics.find(target.retryTopic());
            boolean retryFirst = request % 5 == 0;
            if (retryFirst) {
                retry.ifPresent(config -> popAll(round, config, true));
            }
            int queueNums = target.topic().readQueueNums();
            if (command.queueId() >= 0) {
                round.popFrom(target.topic().name(), command.queueId(), false, ledger.checkpoints());
            } else {
                for (int i = 0; i < queueNums; i++) {
                    round.popFrom(target.topic().name(), (int) ((request + i) % queueNums), false, ledger.checkpoints());
                }
            }
            if (!retryFirst) {
                retry.ifPresent(config -> popAll(round, config, true));
            }
            round.commit(ledger);
        } finally {
            lock.unlock();
        }
        if (!round.found()) {
            return new Result(Status.POLLING_TIMEOUT, "NO_MESSAGE_IN_QUEUE", popTime, command.invisibleTime(),
                    command.orderly(), round.rest(), List.of(), List.of());
        }
        statistics.recordGet(round.messages().size());
        return new Result(Status.FOUND, "FOUND", popTime, command.invisibleTime(), command.orderly(), round.rest(),
                round.queues(), round.messages());
    }

    private void popAll(PopRound round, TopicConfig topic, boolean retry) {
        for (int queueId = 0; queueId < topic.readQueueNums(); queueId++) {
            round.popFrom(topic.name(), queueId, retry, ledger.checkpoints());
        }
    }

    /** Messages waiting for the group in the queues a POP of {@code target} reads, past blocked orderly ones. */
    private long backlog(Target target) {
        long backlog = 0;
        int queueNums = target.topic().readQueueNums();
        for (int queueId = 0; queueId < queueNums; queueId++) {
            if (target.command().queueId() < 0 || target.command().queueId() == queueId) {
                backlog += backlog(target, target.topic().name(), queueId);
            }
        }
        if (!target.command().orderly()) {
            Optional<TopicConfig> retry = topics.find(target.retryTopic());
            for (int queueId = 0; retry.isPresent() && queueId < retry.get().readQueueNums(); queueId++) {
                backlog += backlog(target, target.retryTopic(), queueId);
            }
        }
        return backlog;
    }

    private long backlog(Target target, TopicName topic, int queueId) {
        if (target.command().orderly()
                && ledger.checkpoints().blocksOrderly(target.group(), topic, queueId, clock.millis())) {
            return 0;
        }
        long offset = offsets.find(new TopicGroup(topic, target.group()), queueId).orElse(0);
        return Math.max(0, store.maxOffset(topic.value(), queueId) - offset);
    }

    private static CompletableFuture<Result> done(Result result) {
        return CompletableFuture.completedFuture(result);
    }
}
