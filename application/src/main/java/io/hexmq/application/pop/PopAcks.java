package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Acking one popped message: its checkpoint goes, if it is the one of that delivery (an ack of an
 * earlier delivery of the message, or one after it was revived, changes nothing and is still answered
 * as done, as RocketMQ answers it). An orderly ack moves the group's offset to the first message of the
 * queue still unacked, or past the last pop once none is, and wakes the POPs waiting on that queue.
 * A part the ack use cases share.
 */
public final class PopAcks {

    private final PopLedger ledger;
    private final ConsumerOffsets offsets;
    private final ParkedPops parked;

    public PopAcks(PopLedger ledger, ConsumerOffsets offsets, ParkedPops parked) {
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.parked = Objects.requireNonNull(parked, "parked");
    }

    /** @return whether a checkpoint was removed */
    boolean ack(GroupName group, TopicName topic, int queueId, long offset, long popTime, boolean orderly) {
        boolean removed = ledger.change(inFlight -> {
            Optional<PopCheckpoint> acked = inFlight.remove(group, topic, queueId, offset, popTime);
            acked.filter(held -> !held.orderly()).ifPresent(ledger.counts()::acked);
            if (acked.isPresent() && orderly) {
                List<PopCheckpoint> left = inFlight.orderlyOf(group, topic, queueId);
                long next = left.stream().mapToLong(PopCheckpoint::offset).min().orElse(acked.get().batchEnd());
                offsets.commit(new TopicGroup(topic, group), queueId, next);
                inFlight.advance(new PopOffset(group, topic, queueId, next));
            }
            return acked.isPresent();
        });
        if (removed && orderly) {
            parked.wake(topic.value());
        }
        return removed;
    }
}
