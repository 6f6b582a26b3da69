package io.hexmq.application.metrics;

import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How far each consumer group is behind on each topic, computed when asked from the offsets the broker keeps
 * (the queues' ends, the committed offsets, how far pulls fetched), never counted per message: the figures
 * behind RocketMQ's {@code rocketmq_consumer_lag_messages}, {@code rocketmq_consumer_inflight_messages} and
 * {@code rocketmq_consumer_ready_messages}, and how long the oldest of those messages has waited, behind its
 * {@code rocketmq_consumer_lag_latency} and {@code rocketmq_consumer_queueing_latency}: one store read per queue
 * that has any, of the message at the committed or the fetched offset. The same groups, topics and queues as
 * {@code brokerConsumeStats}.
 */
public final class MeasureConsumerLag {

    /**
     * One group on one topic, summed over the topic's queues here.
     *
     * @param lag      messages stored but not committed: queue end minus committed offset
     * @param inflight messages fetched but not committed: pulled offset minus committed offset
     * @param lagLatencyMillis       how long ago the oldest message not committed was stored, over the topic's
     *                               queues here; 0 when there is none
     * @param queueingLatencyMillis  how long ago the oldest message not yet fetched was stored; 0 when none
     */
    public record GroupLag(GroupName group, TopicName topic, long lag, long inflight, long lagLatencyMillis,
                           long queueingLatencyMillis) {

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
    private final MessageStore store;
    private final Clock clock;

    public MeasureConsumerLag(GetBrokerConsumeStats consumeStats, MessageStore store, Clock clock) {
        this.consumeStats = Objects.requireNonNull(consumeStats, "consumeStats");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public List<GroupLag> measure() {
        List<GroupLag> lags = new ArrayList<>();
        for (GetBrokerConsumeStats.GroupStats group : consumeStats.get(new GetBrokerConsumeStats.Command(false)).groups()) {
            for (GetBrokerConsumeStats.TopicStats topic : group.topics()) {
                long lag = 0;
                long inflight = 0;
                long oldestUncommitted = Long.MAX_VALUE;
                long oldestUnfetched = Long.MAX_VALUE;
                for (GetConsumeStats.QueueStats queue : topic.queues()) {
                    lag += Math.max(0, queue.brokerOffset() - queue.consumerOffset());
                    inflight += Math.max(0, queue.pullOffset() - queue.consumerOffset());
                    oldestUncommitted = Math.min(oldestUncommitted,
                            storeTimeBeforeEnd(queue, queue.consumerOffset()));
                    oldestUnfetched = Math.min(oldestUnfetched, storeTimeBeforeEnd(queue, queue.pullOffset()));
                }
                long now = clock.millis();
                lags.add(new GroupLag(group.group(), topic.topic(), lag, inflight, waited(now, oldestUncommitted),
                        waited(now, oldestUnfetched)));
            }
        }
        return lags;
    }

    /** Store time of the message at {@code offset} when the queue holds it; {@code Long.MAX_VALUE} otherwise. */
    private long storeTimeBeforeEnd(GetConsumeStats.QueueStats queue, long offset) {
        if (offset >= queue.brokerOffset()) {
            return Long.MAX_VALUE;
        }
        long stored = store.storeTimeAt(queue.queue().topic().value(), queue.queue().queueId(), offset);
        return stored > 0 ? stored : Long.MAX_VALUE;
    }

    private static long waited(long now, long storedAt) {
        return storedAt == Long.MAX_VALUE ? 0 : Math.max(0, now - storedAt);
    }
}
