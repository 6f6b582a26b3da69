package io.hexmq.application.pop;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.message.ExpressionFilters;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer pops messages (POP_MESSAGE): the broker hands out up to {@code maxMsgNums} messages of the
 * topic (one queue, or every queue when {@code queueId} is -1) and of the group's POP retry topic, and
 * keeps each invisible to the group for {@code invisibleTime} ms under a {@link io.hexmq.domain.pop.PopCheckpoint}
 * saved before the answer. Unless acked in time a message is delivered again ({@link ReviveExpiredPops}).
 *
 * <p>Refused before anything is read, as RocketMQ refuses: a request that waited longer than its poll
 * time on the way (POLLING_TIMEOUT), more than 32 messages asked (INVALID_PARAMETER), and what
 * {@link PopAdmission} refuses.
 *
 * <p>{@link QueueWalk} decides the order of the queues. An orderly POP skips the retry topic and every
 * queue on which a message of the group is still invisible; it leaves the offset where it is (acks move it).
 * Except, as in RocketMQ, a queue held by an orderly POP of the same attempt id: a client that lost the answer
 * retries with it and gets the same messages again, from the group's offset, under a new pop time and the
 * retry's invisible time, their attempts not raised (the earlier answer's handles no longer ack them).
 *
 * <p>A POP that finds nothing and may wait ({@code pollTime} > 0) is parked in {@link ParkedPops} and
 * popped again when its topic or retry topic grows, or when its wait ends; then it answers POLLING_TIMEOUT.
 * When too many wait already ({@link ParkedPops}' limits), it answers POLLING_FULL at once.
 *
 * <p>An admitted POP records its group in {@link PoppingGroups}, as RocketMQ compensates for a consumer that
 * pops without heartbeats (the proxy's): a POP consumer of the topic, with the POP's expression, and of the
 * group's retry topic, with everything.
 */
public final class PopMessages {

    static final int MAX_MSG_NUMS = 32;
    /** How late a request may arrive past its poll time before it is refused, as RocketMQ allows. */
    private static final long ARRIVAL_SLACK_MILLIS = 500;

    /**
     * @param queueId  one queue, or -1 for every read queue of the topic
     * @param bornTime when the client sent the request (epoch ms; 0 when it does not wait)
     * @param initMode where a group without an offset starts: 0 at the queue's start, 1 at its end
     * @param attemptId the client's id of this receive, the same when it retries it (RocketMQ's attemptId), or
     *                 null; an orderly POP reads the queues that the receive of the same attempt holds
     */
    public record Command(String consumerGroup, String topic, int queueId, int maxMsgNums, long invisibleTime,
            long pollTime, long bornTime, int initMode, String expressionType, String expression, boolean orderly,
            String attemptId) {

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
        /** Nothing to hand out now, and too many requests wait already to wait for more. */
        POLLING_FULL,
        /** Nothing to look at (a peek). */
        NO_MESSAGE,
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

    private final PopAdmission admission;
    private final QueueWalk walk;
    private final ParkedPops parked;
    private final BrokerStatistics statistics;
    private final Clock clock;
    private final BrokerSettings brokerSettings;
    private final PoppingGroups poppingGroups;

    public PopMessages(PopAdmission admission, QueueWalk walk, ParkedPops parked, BrokerStatistics statistics,
            Clock clock, BrokerSettings brokerSettings, PoppingGroups poppingGroups) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.walk = Objects.requireNonNull(walk, "walk");
        this.parked = Objects.requireNonNull(parked, "parked");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.poppingGroups = Objects.requireNonNull(poppingGroups, "poppingGroups");
    }

    /** @return completes at once, or later when the POP was parked */
    public CompletableFuture<Result> pop(Command command) {
        long now = clock.millis();
        if (command.pollTime() > 0 && command.bornTime() > 0
                && now - command.bornTime() - command.pollTime() > ARRIVAL_SLACK_MILLIS) {
            return done(Result.refused(Status.POLLING_TIMEOUT, "the broker[" + brokerSettings.brokerAddress()
                    + "] pop message is timeout too much", command));
        }
        if (command.maxMsgNums() > MAX_MSG_NUMS) {
            return done(Result.refused(Status.INVALID_PARAMETER, "the broker[" + brokerSettings.brokerAddress()
                    + "] pop message's num is greater than " + MAX_MSG_NUMS, command));
        }
        PopAdmission.Admitted admitted = admission.admit(new PopAdmission.Request(command.consumerGroup(),
                command.topic(), command.queueId(), command.maxMsgNums(), command.invisibleTime(), command.initMode(),
                command.orderly(), command.expressionType(), command.expression(), command.attemptId()));
        if (admitted.target() == null) {
            return done(Result.refused(admitted.refusal(), admitted.remark(), command));
        }
        recordGroup(admitted.target(), command, now);
        CompletableFuture<Result> answer = new CompletableFuture<>();
        attempt(admitted.target(), now + command.pollTime(), answer);
        return answer;
    }

    private void recordGroup(PopTarget target, Command command, long now) {
        Subscription topic = ExpressionFilters.subscription(target.topic().name(), command.expressionType(),
                command.expression(), now);
        poppingGroups.recordPop(target.group(), topic, Subscription.all(target.retryTopic(), now));
    }

    private void attempt(PopTarget target, long deadline, CompletableFuture<Result> answer) {
        try {
            Result result = popNow(target);
            if (result.status() == Status.FOUND || clock.millis() >= deadline) {
                answer.complete(result);
                return;
            }
            if (!parked.park(new ParkedPops.Parked(target.watchedTopics(), target.pollingKey(), deadline,
                    () -> attempt(target, deadline, answer)))) {
                answer.complete(new Result(Status.POLLING_FULL, "the broker's POP long polling is full",
                        result.popTime(), result.invisibleTime(), result.orderly(), result.restNum(), List.of(),
                        List.of()));
                return;
            }
            if (walk.backlog(target) > result.restNum()) {
                // A message came between the read and the park: do not sleep on it.
                parked.wake(target.topic().name().value());
            }
        } catch (RuntimeException e) {
            answer.completeExceptionally(e);
        }
    }

    private Result popNow(PopTarget target) {
        PopRound round = walk.walk(target, true);
        if (!round.found()) {
            statistics.recordMissedRead();
            return new Result(Status.POLLING_TIMEOUT, "NO_MESSAGE_IN_QUEUE", round.popTime(), target.invisibleTime(),
                    target.orderly(), round.rest(), List.of(), List.of());
        }
        long bytes = 0;
        for (ByteBuffer message : round.messages()) {
            bytes += message.remaining();
        }
        statistics.recordGet(new TopicGroup(target.topic().name(), target.group()), round.messages().size(), bytes);
        return new Result(Status.FOUND, "FOUND", round.popTime(), target.invisibleTime(), target.orderly(),
                round.rest(), round.queues(), round.messages());
    }

    static CompletableFuture<Result> done(Result result) {
        return CompletableFuture.completedFuture(result);
    }
}
