package io.hexmq.application.pop;

import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool asks how many POPs wait on a topic (POLLING_INFO). Refused as RocketMQ refuses: an unknown topic
 * (TOPIC_NOT_EXIST), a queue id outside its read queues (INVALID_PARAMETER), a group without config
 * (SUBSCRIPTION_GROUP_NOT_EXIST). hexmq counts the waiting POPs of the topic, whatever their group and queue.
 */
public final class GetPollingInfo {

    public record Command(String consumerGroup, String topic, int queueId) {

        public Command {
            Objects.requireNonNull(consumerGroup, "consumerGroup");
            Objects.requireNonNull(topic, "topic");
        }
    }

    public record Result(PopMessages.Status status, String remark, int pollingNum) {
    }

    private final TopicTable topics;
    private final SubscriptionGroupLookup groups;
    private final ParkedPops parked;

    public GetPollingInfo(TopicTable topics, SubscriptionGroupLookup groups, ParkedPops parked) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.parked = Objects.requireNonNull(parked, "parked");
    }

    public Result get(Command command) {
        Optional<TopicConfig> topic = topics.findNamed(command.topic());
        if (topic.isEmpty()) {
            return new Result(PopMessages.Status.TOPIC_NOT_EXIST, "topic[" + command.topic() + "] not exist", 0);
        }
        if (command.queueId() >= topic.get().readQueueNums()) {
            return new Result(PopMessages.Status.INVALID_PARAMETER, "queueId[" + command.queueId()
                    + "] is illegal, topic:[" + command.topic() + "] topicConfig.readQueueNums:["
                    + topic.get().readQueueNums() + "]", 0);
        }
        if (groups.findOrCreate(command.consumerGroup()).isEmpty()) {
            return new Result(PopMessages.Status.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group ["
                    + command.consumerGroup() + "] does not exist", 0);
        }
        return new Result(PopMessages.Status.FOUND, "", parked.parkedOn(command.topic()));
    }
}
