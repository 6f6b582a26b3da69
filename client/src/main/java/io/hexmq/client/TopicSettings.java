package io.hexmq.client;

import java.util.List;
import java.util.Objects;

/**
 * What {@link Admin#createOrUpdateTopic} sets on every master of a cluster.
 *
 * @param topic          the topic name
 * @param readQueueNums  queues consumers read, at least 1
 * @param writeQueueNums queues producers write, at least 1
 * @param perm           permission bits (6 = read + write, the default)
 * @param order          whether the topic is an ordered one
 * @param attributes     5.x topic attributes as RocketMQ's admin writes them: {@code +key=value} sets a key
 *                       ({@code +message.type=FIFO}), {@code -key} removes one; none by default
 */
public record TopicSettings(String topic, int readQueueNums, int writeQueueNums, int perm, boolean order,
                            List<String> attributes) {

    public static final int READ_WRITE = 6;

    public TopicSettings {
        Objects.requireNonNull(topic, "topic");
        if (readQueueNums < 1 || writeQueueNums < 1) {
            throw new IllegalArgumentException("a topic needs at least one read and one write queue");
        }
        if (perm < 0 || perm > 7) {
            throw new IllegalArgumentException("perm must be within 0..7: " + perm);
        }
        attributes = List.copyOf(attributes);
        for (String attribute : attributes) {
            boolean sets = attribute.startsWith("+") && attribute.indexOf('=') > 1;
            boolean removes = attribute.startsWith("-") && attribute.length() > 1 && attribute.indexOf('=') < 0;
            if (!sets && !removes) {
                throw new IllegalArgumentException("an attribute is +key=value or -key: " + attribute);
            }
        }
    }

    /** Settings without attributes. */
    public TopicSettings(String topic, int readQueueNums, int writeQueueNums, int perm, boolean order) {
        this(topic, readQueueNums, writeQueueNums, perm, order, List.of());
    }

    /** A readable and writable, unordered topic with {@code queues} read and write queues. */
    public static TopicSettings of(String topic, int queues) {
        return new TopicSettings(topic, queues, queues, READ_WRITE, false);
    }
}
