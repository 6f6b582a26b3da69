package io.hexmq.application.consumer;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An admin asks how far a consumer group is behind on this broker (GET_CONSUME_STATS,
 * {@code mqadmin consumerProgress}): for each readable queue of the topics asked for (none: every topic
 * the group committed offsets on), the queue's end, the group's committed offset (0 if none) and the
 * store time of the last message the group consumed (0 if none), and how far its pulls have fetched (never
 * behind the committed offset, so pulled minus committed is what is in flight). Topics not hosted here are left out,
 * and so are topics an online group does not subscribe to.
 */
public final class GetConsumeStats {

    /** @param topics the topics to report; empty means all the group committed offsets on */
    public record Command(GroupName group, Set<TopicName> topics) {

        public Command {
            Objects.requireNonNull(group, "group");
            topics = Set.copyOf(topics);
        }
    }

    /**
     * @param brokerOffset   the queue's max offset (next to be written)
     * @param consumerOffset the group's committed offset, 0 when it has none
     * @param pullOffset     where the group's last pull said to go on, at least {@code consumerOffset}
     * @param lastTimestamp  store time of the message at {@code consumerOffset - 1}, 0 when there is none
     */
    public record QueueStats(MessageQueue queue, long brokerOffset, long consumerOffset, long pullOffset,
            long lastTimestamp) {

        public QueueStats {
            Objects.requireNonNull(queue, "queue");
        }
    }

    private final TopicTable topics;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final MessageStore store;
    private final BrokerSettings settings;

    public GetConsumeStats(TopicTable topics, ConsumerOffsets offsets, ConsumerGroups consumers, MessageStore store,
            BrokerSettings settings) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.store = Objects.requireNonNull(store, "store");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return one entry per queue, ordered by topic and queue id */
    public List<QueueStats> get(Command command) {
        Set<TopicName> asked = command.topics().isEmpty()
                ? offsets.offsetsOf(command.group()).keySet()
                : command.topics();
        Optional<ConsumerGroup> online = consumers.find(command.group());
        List<QueueStats> stats = new ArrayList<>();
        for (TopicName topic : new TreeSet<>(asked)) {
            Optional<TopicConfig> config = topics.find(topic);
            boolean unsubscribed = online.isPresent() && !online.get().subscriptions().isEmpty()
                    && online.get().subscription(topic).isEmpty();
            if (config.isEmpty() || unsubscribed) {
                continue;
            }
            TopicGroup key = new TopicGroup(topic, command.group());
            for (int queueId = 0; queueId < config.get().readQueueNums(); queueId++) {
                long brokerOffset = Math.max(0, store.maxOffset(topic.value(), queueId));
                long consumerOffset = Math.max(0, offsets.find(key, queueId).orElse(0));
                long pullOffset = Math.max(consumerOffset, offsets.pulledUpTo(key, queueId).orElse(0));
                long lastTimestamp = consumerOffset > 0 ? storeTime(store, topic, queueId, consumerOffset - 1) : 0;
                stats.add(new QueueStats(new MessageQueue(topic, settings.brokerName(), queueId), brokerOffset,
                        consumerOffset, pullOffset, lastTimestamp));
            }
        }
        return stats;
    }

    /** Store time of the message at {@code offset}, 0 when the store no longer (or never) had it. */
    private static long storeTime(MessageStore store, TopicName topic, int queueId, long offset) {
        ReadResult read = store.read(topic.value(), queueId, offset, 1, MessageFilter.ALL);
        if (read.messages().isEmpty()) {
            return 0;
        }
        ByteBuffer message = read.messages().get(0);
        return MessageLayout.storeTimestamp(message, message.position());
    }
}
