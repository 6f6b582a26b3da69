package io.hexmq.application.metrics;

import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How far each consumer group is behind on each topic, computed when asked from the offsets the broker keeps
 * (the queues' ends, the committed offsets, how far pulls fetched), never counted per message: the figures
 * behind RocketMQ's {@code rocketmq_consumer_lag_messages}, {@code rocketmq_consumer_inflight_messages} and
 * {@code rocketmq_consumer_ready_messages}. The same groups, topics and queues as {@code brokerConsumeStats}.
 */
public final class MeasureConsumerLag {

    /**
     * One group on one topic, summed over the topic's queues here.
     *
     * @param lag      messages stored but not committed: queue end minus committed offset
     * @param inflight messages fetched but not committed: pulled offset minus committed offset
     */
    public record GroupLag(GroupName group, TopicName topic, long lag, long inflight) {

        public GroupLag {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(topic, "topic");
        }

        /** Messages stored and not yet fetched by the group. */
        public long ready() {
            return lag - inflight;
        }
    }

    private final GetBrokerConsumeStats consumeStats;

    public MeasureConsumerLag(GetBrokerConsumeStats consumeStats) {
        this.consumeStats = Objects.requireNonNull(consumeStats, "consumeStats");
    }

    public List<GroupLag> measure() {
        List<GroupLag> lags = new ArrayList<>();
        for (GetBrokerConsumeStats.GroupStats group : consumeStats.get(new GetBrokerConsumeStats.Command(false)).groups()) {
            for (GetBrokerConsumeStats.TopicStats topic : group.topics()) {
                long lag = 0;
                long inflight = 0;
                for (GetConsumeStats.QueueStats queue : topic.queues()) {
                    lag += Math.max(0, queue.brokerOffset() - queue.consumerOffset());
                    inflight += Math.max(0, queue.pullOffset() - queue.consumerOffset());
                }
                lags.add(new GroupLag(group.group(), topic.topic(), lag, inflight));
            }
        }
        return lags;
    }
}
