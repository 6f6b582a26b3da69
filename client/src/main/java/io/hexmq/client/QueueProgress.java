package io.hexmq.client;

/**
 * How far a consumer group is in one queue ({@link Admin#consumerProgress}).
 *
 * @param queue          the queue
 * @param brokerOffset   the queue's max offset
 * @param consumerOffset the group's committed offset
 * @param lastTimestamp  store time of the last consumed message, 0 when unknown
 */
public record QueueProgress(MessageQueue queue, long brokerOffset, long consumerOffset, long lastTimestamp) {

    /** Messages stored but not yet consumed. */
    public long lag() {
        return Math.max(0, brokerOffset - consumerOffset);
    }
}
