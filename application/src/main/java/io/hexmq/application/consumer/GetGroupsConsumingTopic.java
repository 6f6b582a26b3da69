package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.SortedSet;

/**
 * An admin asks which groups consume a topic on this broker (QUERY_TOPIC_CONSUME_BY_WHO): the groups
 * whose online members subscribe to it, and the groups that committed offsets on it, online or not, as
 * RocketMQ answers.
 */
public final class GetGroupsConsumingTopic {

    public record Query(TopicName topic) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final ConsumerGroups consumers;
    private final ConsumerOffsets offsets;

    public GetGroupsConsumingTopic(ConsumerGroups consumers, ConsumerOffsets offsets) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
    }

    /** @return sorted by name; empty for a topic nobody consumes, hosted here or not */
    public SortedSet<GroupName> groups(Query query) {
        SortedSet<GroupName> groups = offsets.groupsOn(query.topic());
        for (ConsumerGroup group : consumers.all()) {
            if (group.subscriptions().containsKey(query.topic())) {
                groups.add(group.name());
            }
        }
        return groups;
    }
}
