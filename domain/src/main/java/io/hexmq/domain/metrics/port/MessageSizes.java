package io.hexmq.domain.metrics.port;

import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.topic.TopicName;

/**
 * Where the broker reports the size of each message it stored for a producer, for their distribution.
 *
 * <p>Called once per send on the thread that answers it, so an implementation must not block, take a contended
 * lock or allocate once it has seen a topic and type. {@link #NONE} when metrics are off. Nothing is kept across
 * a restart.
 */
public interface MessageSizes {

    /** Records nothing: metrics are off. */
    MessageSizes NONE = (topic, type, bytes) -> { };

    /**
     * @param topic the topic the producer sent to
     * @param bytes the stored size of one message (for a batch, its bytes over its messages, as RocketMQ records)
     */
    void stored(TopicName topic, MessageType type, int bytes);
}
