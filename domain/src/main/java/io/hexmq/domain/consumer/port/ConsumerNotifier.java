package io.hexmq.domain.consumer.port;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.Set;

/**
 * Tells consumers connected to this broker something about their group, over their own connections.
 *
 * <p>Promise: best effort and non-blocking. Both calls are hints sent oneway, as RocketMQ sends them: a
 * consumer that misses NOTIFY_CONSUMER_IDS_CHANGED rebalances on its own timer within 20 s, and one that
 * misses an offset reset keeps its position until an admin resets again. The adapter therefore never
 * throws for a connection that is gone or slow and never waits for an answer; it may drop a
 * notification when a connection's write buffer is full.
 */
public interface ConsumerNotifier {

    /** Tells each of {@code members} that {@code group}'s member list changed, so they rebalance now. */
    void consumerIdsChanged(GroupName group, Set<ConnectionId> members);

    /**
     * Tells each of {@code members} to continue {@code group}'s consumption of {@code topic} from
     * {@code offsets} (RESET_CONSUMER_CLIENT_OFFSET), after an admin reset the group to
     * {@code timestampMillis}.
     */
    void offsetsReset(GroupName group, TopicName topic, long timestampMillis, Map<MessageQueue, Long> offsets,
            Set<ConnectionId> members);
}
