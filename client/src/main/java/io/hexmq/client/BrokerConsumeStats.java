package io.hexmq.client;

import java.util.List;

/**
 * Every consumer group's progress on one broker ({@link Admin#brokerConsumeStats}, {@code mqadmin
 * brokerConsumeStats}).
 *
 * @param brokerAddress       the broker that answered
 * @param groups              one entry per group and topic it consumes
 * @param totalDiff           the messages stored but not yet consumed, over every group
 * @param totalInflightDiff   the messages pulled but not yet committed, over every group
 */
public record BrokerConsumeStats(String brokerAddress, List<GroupTopic> groups, long totalDiff,
                                 long totalInflightDiff) {

    public BrokerConsumeStats {
        groups = List.copyOf(groups);
    }

    /**
     * One group's progress in one topic.
     *
     * @param group      the consumer group
     * @param consumeTps its fetch rate over the last minute
     * @param queues     its progress on each of the topic's queues here
     */
    public record GroupTopic(String group, double consumeTps, List<QueueProgress> queues) {

        public GroupTopic {
            queues = List.copyOf(queues);
        }
    }
}
