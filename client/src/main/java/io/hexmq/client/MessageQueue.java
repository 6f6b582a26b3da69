package io.hexmq.client;

import java.util.Objects;

/**
 * One queue of a topic on one broker group: where a message is sent and read.
 *
 * @param topic      the topic
 * @param brokerName the broker group holding the queue
 * @param queueId    the queue's number on that broker, from 0
 */
public record MessageQueue(String topic, String brokerName, int queueId) implements Comparable<MessageQueue> {

    public MessageQueue {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(brokerName, "brokerName");
        if (queueId < 0) {
            throw new IllegalArgumentException("queueId must be >= 0: " + queueId);
        }
    }

    /** Topic, then broker name, then queue id: the order clients agree on when they share queues out. */
    @Override
    public int compareTo(MessageQueue other) {
        int byTopic = topic.compareTo(other.topic);
        if (byTopic != 0) {
            return byTopic;
        }
        int byBroker = brokerName.compareTo(other.brokerName);
        return byBroker != 0 ? byBroker : Integer.compare(queueId, other.queueId);
    }
}
