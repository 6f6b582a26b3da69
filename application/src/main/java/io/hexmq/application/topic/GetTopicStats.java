package io.hexmq.application.topic;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin asks what a topic's queues on this broker hold (GET_TOPIC_STATS_INFO,
 * {@code mqadmin topicStatus}): for each queue {@code 0 .. max(read, write) - 1} its min and max offset
 * and the store time of its newest message (0 for an empty queue). Empty when the topic is not hosted here.
 */
public final class GetTopicStats {

    public record Command(TopicName topic) {

        public Command {
            Objects.requireNonNull(topic, "topic");
        }
    }

    /** @param lastUpdateTimestamp store time of the message at {@code maxOffset - 1}, 0 when there is none */
    public record QueueStats(MessageQueue queue, long minOffset, long maxOffset, long lastUpdateTimestamp) {

        public QueueStats {
            Objects.requireNonNull(queue, "queue");
        }
    }

    private final TopicTable topics;
    private final MessageStore store;
    private final BrokerSettings settings;

    public GetTopicStats(TopicTable topics, MessageStore store, BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return one entry per queue in queue id order, or empty when the topic is unknown (TOPIC_NOT_EXIST) */
    public Optional<List<QueueStats>> get(Command command) {
        Optional<TopicConfig> config = topics.find(command.topic());
        if (config.isEmpty()) {
            return Optional.empty();
        }
        String topic = command.topic().value();
        int queues = Math.max(config.get().readQueueNums(), config.get().writeQueueNums());
        List<QueueStats> stats = new ArrayList<>(queues);
        for (int queueId = 0; queueId < queues; queueId++) {
            long min = Math.max(0, store.minOffset(topic, queueId));
            long max = Math.max(0, store.maxOffset(topic, queueId));
            stats.add(new QueueStats(new MessageQueue(command.topic(), settings.brokerName(), queueId), min, max,
                    max > 0 ? store.storeTimeAt(topic, queueId, max - 1) : 0));
        }
        return Optional.of(stats);
    }
}
