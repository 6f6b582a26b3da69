package io.hexmq.application.replication;

import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.TopicTable;
import java.util.Objects;

/** The in-memory state a broker serves from, which a follower keeps as the leader's so it can lead at once. */
public record BrokerAggregates(TopicTable topics, SubscriptionGroups subscriptionGroups,
                               ConsumerOffsets consumerOffsets, PopCheckpoints popCheckpoints,
                               RequestModes requestModes, AuthDirectory auth) {

    public BrokerAggregates {
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(subscriptionGroups, "subscriptionGroups");
        Objects.requireNonNull(consumerOffsets, "consumerOffsets");
        Objects.requireNonNull(popCheckpoints, "popCheckpoints");
        Objects.requireNonNull(requestModes, "requestModes");
        Objects.requireNonNull(auth, "auth");
    }
}
