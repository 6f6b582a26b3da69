package io.hexmq.domain.consumer;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.TopicName;
import java.util.Comparator;
import java.util.Objects;

/** One queue of a topic on one broker group, as clients name it when they lock queues. */
public record MessageQueue(TopicName topic, BrokerName brokerName, int queueId) implements Comparable<MessageQueue> {

    private static final Comparator<MessageQueue> ORDER = Comparator.comparing(MessageQueue::topic)
            .thenComparing(MessageQueue::brokerName).thenComparingInt(MessageQueue::queueId);

    public MessageQueue {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(brokerName, "brokerName");
        ConsumerOffsets.requireQueueId(queueId);
    }

    @Override
    public int compareTo(MessageQueue other) {
        return ORDER.compare(this, other);
    }
}
