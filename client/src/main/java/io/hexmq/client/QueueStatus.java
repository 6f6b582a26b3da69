package io.hexmq.client;

/**
 * One queue's offsets ({@link Admin#topicStatus}).
 *
 * @param queue               the queue
 * @param minOffset           its first offset still stored
 * @param maxOffset           the offset the next message gets
 * @param lastUpdateTimestamp store time of its last message, 0 when empty
 */
public record QueueStatus(MessageQueue queue, long minOffset, long maxOffset, long lastUpdateTimestamp) {
}
