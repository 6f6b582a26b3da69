package io.hexmq.application.pop;

import io.hexmq.application.broker.CountsByKey;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.PopCheckpoint;
import java.util.function.BiConsumer;

/**
 * What went through the POP ledger, by group and popped topic, for RocketMQ 5.x's POP revive metrics: checkpoints
 * of unordered POPs written (RocketMQ's CK put to its revive topic), acks that removed one (its ACK), checkpoints
 * taken up by the revive when due (read back from its revive topic), and copies the revive stored in the POP retry
 * topic. Orderly POPs are not counted: RocketMQ keeps them out of the revive topic too.
 *
 * <p>Counted by the POP, ack and revive paths once per checkpoint ({@link CountsByKey}); memory is a few counters
 * per group and topic that ever popped. In memory only.
 */
public final class PopCounts {

    private final CountsByKey<TopicGroup> checkpointsPut = new CountsByKey<>();
    private final CountsByKey<TopicGroup> acksPut = new CountsByKey<>();
    private final CountsByKey<TopicGroup> checkpointsRevived = new CountsByKey<>();
    private final CountsByKey<TopicGroup> retried = new CountsByKey<>();

    void checkpointsWritten(Iterable<PopCheckpoint> written) {
        for (PopCheckpoint checkpoint : written) {
            if (!checkpoint.orderly()) {
                checkpointsPut.increment(keyOf(checkpoint));
            }
        }
    }

    void acked(PopCheckpoint checkpoint) {
        acksPut.increment(keyOf(checkpoint));
    }

    void revived(PopCheckpoint checkpoint) {
        checkpointsRevived.increment(keyOf(checkpoint));
    }

    void retried(PopCheckpoint checkpoint) {
        retried.increment(keyOf(checkpoint));
    }

    public void forEachCheckpointPut(BiConsumer<TopicGroup, Long> reader) {
        checkpointsPut.forEach(reader);
    }

    public void forEachAckPut(BiConsumer<TopicGroup, Long> reader) {
        acksPut.forEach(reader);
    }

    public void forEachCheckpointRevived(BiConsumer<TopicGroup, Long> reader) {
        checkpointsRevived.forEach(reader);
    }

    public void forEachRetried(BiConsumer<TopicGroup, Long> reader) {
        retried.forEach(reader);
    }

    private static TopicGroup keyOf(PopCheckpoint checkpoint) {
        return new TopicGroup(checkpoint.topic(), checkpoint.group());
    }
}
