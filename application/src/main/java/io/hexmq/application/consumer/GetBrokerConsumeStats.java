package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.SubscriptionGroupConfig;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * An admin asks how far every group is on this broker (GET_BROKER_CONSUME_STATS, {@code mqadmin
 * brokerConsumeStats}): for each subscription group, each topic it committed offsets on and this broker
 * hosts (only orderly topics when asked), every writable queue as {@link GroupQueueStats} reports it, and the
 * totals of lag and of messages in flight. As for one group, topics an online group does not subscribe to are
 * left out.
 */
public final class GetBrokerConsumeStats {

    /** @param orderlyTopicsOnly report only topics configured as orderly ({@code isOrder}) */
    public record Command(boolean orderlyTopicsOnly) {
    }

    /** @param consumeTps messages per second the group fetched from the topic over the last minute */
    public record TopicStats(TopicName topic, List<GetConsumeStats.QueueStats> queues, double consumeTps) {

        public TopicStats {
            Objects.requireNonNull(topic, "topic");
            queues = List.copyOf(queues);
        }
    }

    /** @param topics empty when the group committed nothing on a topic reported here */
    public record GroupStats(GroupName group, List<TopicStats> topics) {

        public GroupStats {
            Objects.requireNonNull(group, "group");
            topics = List.copyOf(topics);
        }
    }

    /**
     * @param totalDiff         the sum over all queues of broker offset minus committed offset
     * @param totalInflightDiff the sum over all queues of pulled offset minus committed offset
     */
    public record Result(List<GroupStats> groups, long totalDiff, long totalInflightDiff) {

        public Result {
            groups = List.copyOf(groups);
        }
    }

    private final SubscriptionGroups groups;
    private final TopicTable topics;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final GroupQueueStats queueStats;

    public GetBrokerConsumeStats(SubscriptionGroups groups, TopicTable topics, ConsumerOffsets offsets,
            ConsumerGroups consumers, GroupQueueStats queueStats) {
        this.groups = Objects.requireNonNull(groups, "groups");
        this.topics = Objects.requireNonNull(topics, "topics");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.queueStats = Objects.requireNonNull(queueStats, "queueStats");
    }

    public Result get(Command command) {
        List<GroupStats> reported = new ArrayList<>();
        long totalDiff = 0;
        long totalInflight = 0;
        for (SubscriptionGroupConfig config : groups.snapshot().configs()) {
            GroupName group = config.groupName();
            Optional<ConsumerGroup> online = consumers.find(group);
            List<TopicStats> topicStats = new ArrayList<>();
            for (TopicName topic : new TreeSet<>(offsets.offsetsOf(group).keySet())) {
                Optional<TopicConfig> topicConfig = topics.find(topic);
                if (topicConfig.isEmpty() || (command.orderlyTopicsOnly() && !topicConfig.get().order())
                        || !GroupQueueStats.isReported(online, topic)) {
                    continue;
                }
                TopicGroup key = new TopicGroup(topic, group);
                List<GetConsumeStats.QueueStats> queues = queueStats.queues(key, topicConfig.get().writeQueueNums());
                for (GetConsumeStats.QueueStats queue : queues) {
                    totalDiff += queue.brokerOffset() - queue.consumerOffset();
                    totalInflight += queue.pullOffset() - queue.consumerOffset();
                }
                topicStats.add(new TopicStats(topic, queues, queueStats.consumeTps(key)));
            }
            reported.add(new GroupStats(group, topicStats));
        }
        return new Result(reported, totalDiff, totalInflight);
    }
}
