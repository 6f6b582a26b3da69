package io.hexmq.bootstrap.wiring;

import io.hexmq.application.replication.BrokerAggregates;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;

/**
 * The broker's durable small state, loaded from its files before wiring starts (so no Guice module
 * opens a file): topics, subscription groups and consumer offsets, with the stores that keep them, and the
 * stores of the schedulers' progress.
 */
public record BrokerState(
        TopicConfigStore topicStore,
        SubscriptionGroupStore subscriptionGroupStore,
        ConsumerOffsetStore offsetStore,
        DelayProgressStore delayProgressStore,
        TimerProgressStore timerProgressStore,
        TransactionCheckProgressStore transactionProgressStore,
        TopicTable topics,
        SubscriptionGroups subscriptionGroups,
        ConsumerOffsets offsets) {

    /**
     * The aggregates a replica of a broker group keeps as its leader's: these, with the POP, request mode and
     * user state the wiring made.
     */
    public BrokerAggregates aggregates(PopCheckpoints popCheckpoints, RequestModes requestModes,
            AuthDirectory auth) {
        return new BrokerAggregates(topics, subscriptionGroups, offsets, popCheckpoints, requestModes, auth);
    }
}
