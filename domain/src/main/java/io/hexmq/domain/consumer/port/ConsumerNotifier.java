package io.hexmq.domain.consumer.port;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.GroupName;
import java.util.Set;

/**
 * Tells consumers connected to this broker something about their group, over their own connections.
 *
 * <p>Promise: best effort and non-blocking. A notification is a hint (RocketMQ sends it oneway:
 * NOTIFY_CONSUMER_IDS_CHANGED); a consumer that misses it rebalances on its own timer within 20 s.
 * The adapter therefore never throws for a connection that is gone or slow and never waits for an
 * answer; it may drop a notification when a connection's write buffer is full.
 *
 * <p>Later (admin offset reset) this port also pushes reset offsets to a group's members.
 */
public interface ConsumerNotifier {

    /** Tells each of {@code members} that {@code group}'s member list changed, so they rebalance now. */
    void consumerIdsChanged(GroupName group, Set<ConnectionId> members);
}
