package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.List;
import java.util.Objects;

/**
 * A consumer moves a popped message's deadline (CHANGE_MESSAGE_INVISIBLETIME): it becomes visible again
 * {@code invisibleTime} ms from now. This is also how a consumer hands a failed message back for a later
 * attempt. As in RocketMQ, an unordered change always leaves a new checkpoint from now on (replacing the
 * delivery's own when it is still there), even when the message was acked or revived meanwhile, and is
 * answered with the new pop time; the consumer acks with that from then on. An orderly change moves the
 * deadline of the delivery's checkpoint and keeps its pop time.
 *
 * <p>Refused as RocketMQ refuses: an unknown topic (TOPIC_NOT_EXIST), a queue id outside the read queues
 * (MESSAGE_ILLEGAL), an offset not in the queue (NO_MESSAGE).
 */
public final class ChangeInvisibleTime {

    /** @param popTime the delivery's pop time, from the message's checkpoint info */
    public record Command(String consumerGroup, String topic, int queueId, long offset, long popTime,
            boolean orderly, long invisibleTime) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            invisibleTime = Math.max(0, invisibleTime);
        }
    }

    public enum Status {
        OK,
        TOPIC_NOT_EXIST,
        MESSAGE_ILLEGAL,
        NO_MESSAGE
    }

    /** @param popTime and {@code invisibleTime}: the checkpoint the consumer now holds */
    public record Result(Status status, String remark, long popTime, long invisibleTime) {

        static Result refused(Status status, String remark) {
            return new Result(status, remark, 0, 0);
        }
    }

    private final PoppedQueueCheck check;
    private final ConsumerOffsets offsets;
    private final PopLedger ledger;
    private final Clock clock;

    public ChangeInvisibleTime(TopicTable topics, MessageStore store, ConsumerOffsets offsets, PopLedger ledger,
            Clock clock) {
        this.check = new PoppedQueueCheck(Objects.requireNonNull(topics, "topics"),
                Objects.requireNonNull(store, "store"));
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Result change(Command command) {
        PoppedQueueCheck.Outcome checked = check.check(command.topic(), command.queueId(), command.offset(), false);
        if (checked.problem() != null) {
            return Result.refused(Status.valueOf(checked.problem().name()), checked.remark());
        }
        GroupName group = new GroupName(command.consumerGroup());
        TopicName name = checked.topic().name();
        long now = clock.millis();
        if (command.orderly()) {
            return changeOrderly(command, group, name, now);
        }
        PopCheckpoint renewed = PopCheckpoint.unordered(group, name, command.queueId(), command.offset(), now,
                command.invisibleTime());
        ledger.change(inFlight -> {
            inFlight.remove(group, name, command.queueId(), command.offset(), command.popTime());
            inFlight.add(List.of(renewed));
            return true;
        });
        return new Result(Status.OK, "", now, command.invisibleTime());
    }

    private Result changeOrderly(Command command, GroupName group, TopicName topic, long now) {
        long visibleAgainAt = now + command.invisibleTime();
        long invisibleTime = visibleAgainAt - command.popTime();
        long groupOffset = offsets.find(new TopicGroup(topic, group), command.queueId()).orElse(0);
        if (command.offset() >= groupOffset) {
            ledger.change(inFlight -> inFlight.find(group, topic, command.queueId(), command.offset())
                    .filter(held -> held.popTime() == command.popTime())
                    .map(held -> {
                        inFlight.add(List.of(held.withInvisibility(held.popTime(), Math.max(0, invisibleTime))));
                        return true;
                    })
                    .orElse(false));
        }
        return new Result(Status.OK, "", command.popTime(), invisibleTime);
    }
}
