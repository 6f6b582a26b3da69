package io.hexmq.application.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Objects;

/**
 * A consumer acks many popped messages at once (BATCH_ACK_MESSAGE), grouped by the POP that handed them
 * out. Offsets outside their queue are skipped, as RocketMQ skips them; an empty batch is NO_MESSAGE.
 * See {@link PopAcks} for what each ack does.
 */
public final class BatchAckMessages {

    /**
     * The acks of one POP's messages of one queue.
     *
     * @param retry   whether the messages came from the group's POP retry topic of {@code topic}
     * @param offsets the acked queue offsets
     */
    public record Ack(String consumerGroup, String topic, boolean retry, int queueId, List<Long> offsets,
            long popTime, boolean orderly) {

        public Ack {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
            offsets = List.copyOf(offsets);
        }
    }

    public enum Status {
        OK,
        NO_MESSAGE
    }

    private final MessageStore store;
    private final PopAcks acks;

    public BatchAckMessages(MessageStore store, PopAcks acks) {
        this.store = Objects.requireNonNull(store, "store");
        this.acks = Objects.requireNonNull(acks, "acks");
    }

    public Status ack(List<Ack> batch) {
        if (batch.isEmpty()) {
            return Status.NO_MESSAGE;
        }
        for (Ack ack : batch) {
            GroupName group = new GroupName(ack.consumerGroup());
            TopicName topic = ack.retry() ? group.popRetryTopic(new TopicName(ack.topic())) : new TopicName(ack.topic());
            long min = store.minOffset(topic.value(), ack.queueId());
            long max = store.maxOffset(topic.value(), ack.queueId());
            for (long offset : ack.offsets()) {
                if (offset >= min && offset <= max) {
                    acks.ack(group, topic, ack.queueId(), offset, ack.popTime(), ack.orderly());
                }
            }
        }
        return Status.OK;
    }
}
