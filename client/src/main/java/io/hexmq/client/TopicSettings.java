package io.hexmq.client;

import java.util.Objects;

/**
 * What {@link Admin#createOrUpdateTopic} sets on every master of a cluster.
 *
 * @param topic          the topic name
 * @param readQueueNums  queues consumers read, at least 1
 * @param writeQueueNums queues producers write, at least 1
 * @param perm           permission bits (6 = read + write, the default)
 * @param order          whether the topic is an ordered one
 */
public record TopicSettings(String topic, int readQueueNums, int writeQueueNums, int perm, boolean order) {

    public static final int READ_WRITE = 6;

    public TopicSettings {
        Objects.requireNonNull(topic, "topic");
        if (readQueueNums < 1 || writeQueueNums < 1) {
            throw new IllegalArgumentException("a topic needs at least one read and one write queue");
        }
        if (perm < 0 || perm > 7) {
            throw new IllegalArgumentException("perm must be within 0..7: " + perm);
        }
    }

    /** A readable and writable, unordered topic with {@code queues} read and write queues. */
    public static TopicSettings of(String topic, int queues) {
        return new TopicSettings(topic, queues, queues, READ_WRITE, false);
    }
}
