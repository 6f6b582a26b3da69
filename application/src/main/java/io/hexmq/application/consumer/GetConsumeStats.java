package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.domain.topic.TopicTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * An admin asks how far a consumer group is behind on this broker (GET_CONSUME_STATS,
 * {@code mqadmin consumerProgress}): each readable queue of the topics asked for (none: every topic the
 * group committed offsets on), as {@link GroupQueueStats} reports a queue; pulled minus committed is what is
 * in flight. Topics not hosted here are left out, and so are topics an online group does not subscribe to.
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

    /**
     * @param queues     one entry per queue, ordered by topic and queue id
     * @param consumeTps messages per second the group fetched over the last minute, all reported topics together
     */
    public record Result(List<QueueStats> queues, double consumeTps) {

        public Result {
            queues = List.copyOf(queues);
        }
    }

    private final TopicTable topics;
    private final ConsumerOffsets offsets;
    private final ConsumerGroups consumers;
    private final GroupQueueStats queueStats;

    public GetConsumeStats(TopicTable topics, ConsumerOffsets offsets, ConsumerGroups consumers,
            GroupQueueStats queueStats) {
        this.topics = Objects.requireNonNull(topics, "topics");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.queueStats = Objects.requireNonNull(queueStats, "queueStats");
    }

    public Result get(Command command) {
        Set<TopicName> asked = command.topics().isEmpty()
                ? offsets.offsetsOf(command.group()).keySet()
                : command.topics();
        Optional<ConsumerGroup> online = consumers.find(command.group());
        List<QueueStats> stats = new ArrayList<>();
        double consumeTps = 0;
        for (TopicName topic : new TreeSet<>(asked)) {
            Optional<TopicConfig> config = topics.find(topic);
            if (config.isPresent() && GroupQueueStats.isReported(online, topic)) {
                TopicGroup key = new TopicGroup(topic, command.group());
                stats.addAll(queueStats.queues(key, config.get().readQueueNums()));
                consumeTps += queueStats.consumeTps(key);
            }
        }
        return new Result(stats, consumeTps);
    }
}
