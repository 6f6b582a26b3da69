package io.hexmq.client.internal.offsets;

import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.remote.Rpc;
import java.util.OptionalLong;

/**
 * Where a push consumer starts pulling a newly assigned queue: at the group's stored offset, else where
 * {@link ConsumeFrom} says. The group's retry topic follows RocketMQ's clients instead: under
 * LAST_OFFSET it is read from its start, so that no retry sent before this member came is skipped, and
 * under TIMESTAMP from its end. Asks brokers, so it blocks: the rebalance thread calls it.
 */
public record StartOffsets(OffsetStore offsets, ConsumerCalls calls, ConsumeFrom consumeFrom) {

    public long of(MessageQueue queue) {
        OptionalLong stored = offsets.readStored(queue);
        if (stored.isPresent() && stored.getAsLong() >= 0) {
            return stored.getAsLong();
        }
        boolean retryTopic = queue.topic().startsWith("%RETRY%");
        return switch (consumeFrom.where()) {
            case FIRST_OFFSET -> 0L;
            case LAST_OFFSET -> retryTopic ? 0L : Rpc.await(calls.maxOffset(queue));
            case TIMESTAMP -> retryTopic ? Rpc.await(calls.maxOffset(queue))
                    : Rpc.await(calls.searchOffset(queue, consumeFrom.timestamp().toEpochMilli()));
        };
    }
}
