package io.hexmq.application.pop;

import io.hexmq.domain.time.port.Clock;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer asks whether the group has messages to pop, waiting up to its poll time for one
 * (NOTIFICATION): answered {@code true} as soon as a queue it reads (or the group's POP retry topic) holds a
 * message for the group, {@code false} when the wait ends first, or at once with {@code pollingFull} when
 * too many requests wait already. Nothing is handed out. Refused as a POP is ({@link PopAdmission}). As in
 * RocketMQ, an orderly queue counts only if it would not block a POP of the same attempt id: free, or held by
 * that attempt's receive (whose messages a retry of it gets again).
 */
public final class AwaitMessages {

    /**
     * @param attemptId the client's id of its receive (RocketMQ's attemptId), or null: an orderly queue that the
     *                  receive of the same attempt holds counts with its messages, as it would not block that POP
     */
    public record Command(String consumerGroup, String topic, int queueId, long pollTime, boolean orderly,
            String attemptId) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            pollTime = Math.max(0, pollTime);
        }
    }

    /** @param status FOUND whether or not there are messages; a refusal otherwise */
    public record Result(PopMessages.Status status, String remark, boolean hasMessages, boolean pollingFull) {
    }

    private final PopAdmission admission;
    private final QueueWalk walk;
    private final ParkedPops parked;
    private final Clock clock;

    public AwaitMessages(PopAdmission admission, QueueWalk walk, ParkedPops parked, Clock clock) {
        this.admission = Objects.requireNonNull(admission, "admission");
        this.walk = Objects.requireNonNull(walk, "walk");
        this.parked = Objects.requireNonNull(parked, "parked");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return completes at once, or when a message comes or the wait ends */
    public CompletableFuture<Result> await(Command command) {
        PopAdmission.Admitted admitted = admission.admit(new PopAdmission.Request(command.consumerGroup(),
                command.topic(), command.queueId(), 1, 0, PopRound.INIT_MODE_MIN, command.orderly(), null, null,
                command.attemptId()));
        if (admitted.target() == null) {
            return CompletableFuture.completedFuture(new Result(admitted.refusal(), admitted.remark(), false, false));
        }
        CompletableFuture<Result> answer = new CompletableFuture<>();
        check(admitted.target(), clock.millis() + command.pollTime(), answer);
        return answer;
    }

    private void check(PopTarget target, long deadline, CompletableFuture<Result> answer) {
        try {
            boolean hasMessages = walk.backlog(target) > 0;
            if (hasMessages || clock.millis() >= deadline) {
                answer.complete(new Result(PopMessages.Status.FOUND, "", hasMessages, false));
                return;
            }
            if (!parked.park(new ParkedPops.Parked(target.watchedTopics(), target.pollingKey(), deadline,
                    () -> check(target, deadline, answer)))) {
                answer.complete(new Result(PopMessages.Status.FOUND, "", false, true));
                return;
            }
            if (walk.backlog(target) > 0) {
                parked.wake(target.topic().name().value());
            }
        } catch (RuntimeException e) {
            answer.completeExceptionally(e);
        }
    }
}
