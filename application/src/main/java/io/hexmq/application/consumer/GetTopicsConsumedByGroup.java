package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An admin asks which topics a group consumes on this broker (QUERY_TOPICS_BY_CONSUMER): the topics it
 * committed offsets on, as RocketMQ answers, and those its online members subscribe to, so that a group
 * that has not committed yet is not reported as consuming nothing.
 */
public final class GetTopicsConsumedByGroup {

    public record Query(GroupName group) {

        public Query {
            Objects.requireNonNull(group, "group");
        }
    }

    private final ConsumerGroups consumers;
    private final ConsumerOffsets offsets;

    public GetTopicsConsumedByGroup(ConsumerGroups consumers, ConsumerOffsets offsets) {
        this.consumers = Objects.requireNonNull(consumers, "consumers");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
    }

    /** @return sorted by name; empty for a group unknown here */
    public SortedSet<TopicName> topics(Query query) {
        SortedSet<TopicName> topics = new TreeSet<>(offsets.offsetsOf(query.group()).keySet());
        consumers.find(query.group()).ifPresent(group -> topics.addAll(group.subscriptions().keySet()));
        return topics;
    }
}
