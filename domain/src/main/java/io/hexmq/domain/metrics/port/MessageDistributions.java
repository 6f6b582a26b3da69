package io.hexmq.domain.metrics.port;

import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.topic.TopicName;

/**
 * Where the broker reports the figures only a recording per event can give, for their distributions: the size
 * of each message stored for a producer, and how long each committed transaction took from its half message's
 * birth to its commit.
 *
 * <p>{@link #messageStored} is called once per send on the thread that answers it, so an implementation must not
 * block, take a contended lock or allocate once it has seen a topic and type. {@link #NONE} when metrics are off.
 * Nothing is kept across a restart.
 */
public interface MessageDistributions {

    /** Records nothing: metrics are off. */
    MessageDistributions NONE = new MessageDistributions() {
        @Override
        public void messageStored(TopicName topic, MessageType type, int bytes) {
        }

        @Override
        public void transactionCommitted(TopicName topic, long seconds) {
        }
    };

    /**
     * @param topic the topic the producer sent to
     * @param bytes the stored size of one message (for a batch, its bytes over its messages, as RocketMQ records)
     */
    void messageStored(TopicName topic, MessageType type, int bytes);

    /** @param seconds whole seconds from the half message's born time to its commit */
    void transactionCommitted(TopicName topic, long seconds);
}
