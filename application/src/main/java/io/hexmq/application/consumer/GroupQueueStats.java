package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.TrafficStats;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How far one group is on each queue of one topic, as the consume-stats admin requests report it
 * ({@link GetConsumeStats} for one group, {@link GetBrokerConsumeStats} for all): the queue's end, the group's
 * committed offset (0 if none), how far its pulls fetched (never behind the committed offset) and the store
 * time of the last message it consumed (0 if none); and its consume rate on the topic.
 */
public final class GroupQueueStats {

    private final ConsumerOffsets offsets;
    private final MessageStore store;
    private final BrokerSettings settings;
    private final BrokerStatistics statistics;

    public GroupQueueStats(ConsumerOffsets offsets, MessageStore store, BrokerSettings settings,
            BrokerStatistics statistics) {
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.statistics = Objects.requireNonNull(statistics, "statistics");
    }

    /**
     * Messages per second the group fetched from the topic over the last minute (RocketMQ's consumeTps, from
     * GROUP_GET_NUMS); 0 when it fetched nothing the broker still counts.
     */
    double consumeTps(TopicGroup key) {
        return statistics.traffic().figures(TrafficStats.Stat.GROUP_GET_NUMS, key.topic().value() + "@"
                + key.group().value()).map(figures -> figures.minute().tps()).orElse(0.0);
    }

    /** Whether a topic is reported for the group: not when the group is online and does not subscribe to it. */
    static boolean isReported(Optional<ConsumerGroup> online, TopicName topic) {
        return online.isEmpty() || online.get().subscriptions().isEmpty() || online.get().subscription(topic).isPresent();
    }

    /** Queues 0 to {@code queueCount - 1} of the key's topic, in order. */
    List<GetConsumeStats.QueueStats> queues(TopicGroup key, int queueCount) {
        List<GetConsumeStats.QueueStats> stats = new ArrayList<>(queueCount);
        String topic = key.topic().value();
        for (int queueId = 0; queueId < queueCount; queueId++) {
            long brokerOffset = Math.max(0, store.maxOffset(topic, queueId));
            long consumerOffset = Math.max(0, offsets.find(key, queueId).orElse(0));
            long pullOffset = Math.max(consumerOffset, offsets.pulledUpTo(key, queueId).orElse(0));
            long lastTimestamp = consumerOffset > 0 ? store.storeTimeAt(topic, queueId, consumerOffset - 1) : 0;
            stats.add(new GetConsumeStats.QueueStats(new MessageQueue(key.topic(), settings.brokerName(), queueId),
                    brokerOffset, consumerOffset, pullOffset, lastTimestamp));
        }
        return stats;
    }
}
