package io.hexmq.client;

/**
 * How far a consumer group is in one queue ({@link Admin#consumerProgress}).
 *
 * @param queue          the queue
 * @param brokerOffset   the queue's max offset
 * @param consumerOffset the group's committed offset
 * @param pullOffset     where the group's last pull said to go on (at least consumerOffset)
 * @param lastTimestamp  store time of the last consumed message, 0 when unknown
 */
public record QueueProgress(MessageQueue queue, long brokerOffset, long consumerOffset, long pullOffset,
        long lastTimestamp) {

    /** Messages stored but not yet consumed. */
    public long lag() {
        return Math.max(0, brokerOffset - consumerOffset);
    }

    /** Messages the group has pulled but not yet committed. */
    public long inflight() {
        return Math.max(0, pullOffset - consumerOffset);
    }
}
