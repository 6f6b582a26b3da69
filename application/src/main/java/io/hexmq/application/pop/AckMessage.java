package io.hexmq.application.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;

/**
 * A consumer acks one popped message (ACK_MESSAGE): it is done and is not delivered again. Refused as
 * RocketMQ refuses: an unknown topic (TOPIC_NOT_EXIST), a queue id outside the read queues
 * (MESSAGE_ILLEGAL), an offset outside the queue (NO_MESSAGE). See {@link PopAcks} for what an ack does.
 */
public final class AckMessage {

    /**
     * @param topic   the topic the message is stored in (the retry topic for a redelivery)
     * @param popTime the delivery's pop time, from the message's checkpoint info
     * @param orderly whether the delivery was an orderly POP
     */
    public record Command(String consumerGroup, String topic, int queueId, long offset, long popTime,
            boolean orderly) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
        }
    }

    public enum Status {
        OK,
        TOPIC_NOT_EXIST,
        MESSAGE_ILLEGAL,
        NO_MESSAGE
    }

    public record Result(Status status, String remark) {

        public Result {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(remark, "remark");
        }
    }

    private final PoppedQueueCheck check;
    private final PopAcks acks;

    public AckMessage(TopicTable topics, MessageStore store, PopAcks acks) {
        this.check = new PoppedQueueCheck(Objects.requireNonNull(topics, "topics"),
                Objects.requireNonNull(store, "store"));
        this.acks = Objects.requireNonNull(acks, "acks");
    }

    public Result ack(Command command) {
        PoppedQueueCheck.Outcome checked = check.check(command.topic(), command.queueId(), command.offset(), true);
        if (checked.problem() != null) {
            return new Result(Status.valueOf(checked.problem().name()), checked.remark());
        }
        acks.ack(new GroupName(command.consumerGroup()), checked.topic().name(), command.queueId(), command.offset(),
                command.popTime(), command.orderly());
        return new Result(Status.OK, "");
    }
}
