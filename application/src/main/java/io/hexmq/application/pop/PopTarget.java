package io.hexmq.application.pop;

import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.Set;

/**
 * What a POP (or a peek, or a wait for messages) reads, resolved once by {@link PopAdmission}: the group,
 * the topic and one of its queues or all (-1), how many messages, how long they stay invisible, where a new
 * group starts, whether in order, the filter, and the client's attempt id (RocketMQ's attemptId, null when
 * none was sent), which lets an orderly POP through the queues that the receive of the same attempt holds.
 */
record PopTarget(GroupName group, TopicConfig topic, int queueId, int maxMessages, long invisibleTime, int initMode,
        boolean orderly, MessageFilter filter, String attemptId) {

    TopicName retryTopic() {
        return group.popRetryTopic(topic.name());
    }

    /** What a parked request of this target counts against in the per-queue limit. */
    ParkedPops.PollingKey pollingKey() {
        return new ParkedPops.PollingKey(topic.name().value(), group.value(), queueId);
    }

    /** The topics whose arrivals a parked request of this target waits for. */
    Set<String> watchedTopics() {
        return Set.of(topic.name().value(), retryTopic().value());
    }
}
