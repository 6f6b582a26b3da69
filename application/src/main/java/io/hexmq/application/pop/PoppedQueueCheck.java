package io.hexmq.application.pop;

import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicTable;
import java.util.Optional;

/**
 * What an ack and an invisible-time change check first, as RocketMQ checks it: the topic is hosted, the
 * queue id is among its read queues, and the offset lies in the queue.
 */
final class PoppedQueueCheck {

    enum Problem {
        TOPIC_NOT_EXIST,
        MESSAGE_ILLEGAL,
        NO_MESSAGE
    }

    /** Either the topic, or the problem and its remark. */
    record Outcome(TopicConfig topic, Problem problem, String remark) {
    }

    private final TopicTable topics;
    private final MessageStore store;

    PoppedQueueCheck(TopicTable topics, MessageStore store) {
        this.topics = topics;
        this.store = store;
    }

    /** @param endIncluded whether the queue's next offset (one past its last message) passes, as an ack's does */
    Outcome check(String topicName, int queueId, long offset, boolean endIncluded) {
        Optional<TopicConfig> topic = topics.findNamed(topicName);
        if (topic.isEmpty()) {
            return new Outcome(null, Problem.TOPIC_NOT_EXIST, "topic[" + topicName + "] not exist, apply first please!");
        }
        if (queueId < 0 || queueId >= topic.get().readQueueNums()) {
            return new Outcome(null, Problem.MESSAGE_ILLEGAL, "queueId[" + queueId + "] is illegal, topic:["
                    + topicName + "] topicConfig.readQueueNums:[" + topic.get().readQueueNums() + "]");
        }
        long min = store.minOffset(topicName, queueId);
        long max = store.maxOffset(topicName, queueId);
        if (offset < min || offset > max || (offset == max && !endIncluded)) {
            return new Outcome(null, Problem.NO_MESSAGE, "offset is illegal, key:" + topicName + "@" + queueId
                    + ", offset:" + offset + ", store:" + min + "~" + max);
        }
        return new Outcome(topic.get(), null, "");
    }
}
