package io.hexmq.domain.metrics.port;

import io.hexmq.domain.topic.TopicName;

/**
 * Where the broker reports how long each committed transaction took, from its half message's birth to its commit,
 * for their distribution. Called once per commit; {@link #NONE} when metrics are off. Nothing is kept across a
 * restart.
 */
public interface TransactionLatencies {

    /** Records nothing: metrics are off. */
    TransactionLatencies NONE = (topic, seconds) -> { };

    /** @param seconds whole seconds from the half message's born time to its commit */
    void committed(TopicName topic, long seconds);
}
