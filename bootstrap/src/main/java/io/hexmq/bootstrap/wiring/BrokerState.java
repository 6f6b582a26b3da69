package io.hexmq.bootstrap.wiring;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;

/**
 * The broker's durable small state, loaded from its files before wiring starts (so no Guice module
 * opens a file): topics, subscription groups and consumer offsets, with the stores that keep them.
 */
public record BrokerState(
        TopicConfigStore topicStore,
        SubscriptionGroupStore subscriptionGroupStore,
        ConsumerOffsetStore offsetStore,
        TopicTable topics,
        SubscriptionGroups subscriptionGroups,
        ConsumerOffsets offsets) {
}
