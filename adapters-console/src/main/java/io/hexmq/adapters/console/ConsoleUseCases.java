package io.hexmq.adapters.console;

import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.GetClusterOverview;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.application.consumer.GetSubscriptionGroups;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.application.topic.GetTopicStats;
import java.util.Objects;

/**
 * The use cases the console reads and changes the broker through: the same ones the admin requests use, so the pages
 * and {@code mqadmin} never disagree, and a change passes the same checks.
 */
public record ConsoleUseCases(
        GetBrokerRuntimeInfo runtimeInfo,
        BrokerStatistics statistics,
        GetAllTopicConfigs topics,
        GetTopicStats topicStats,
        CreateOrUpdateTopic createOrUpdateTopic,
        DeleteTopic deleteTopic,
        GetSubscriptionGroups groups,
        GetTopicsConsumedByGroup groupTopics,
        GetConsumeStats consumeStats,
        GetConsumerConnections connections,
        ResetGroupOffsets resetOffset,
        QueryMessages queryMessages,
        ViewMessage viewMessage,
        SearchOffsetByTimestamp searchOffset,
        QueryConsumeQueue consumeQueue,
        GetClusterOverview clusterOverview) {

    public ConsoleUseCases {
        Objects.requireNonNull(runtimeInfo, "runtimeInfo");
        Objects.requireNonNull(statistics, "statistics");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(topicStats, "topicStats");
        Objects.requireNonNull(createOrUpdateTopic, "createOrUpdateTopic");
        Objects.requireNonNull(deleteTopic, "deleteTopic");
        Objects.requireNonNull(groups, "groups");
        Objects.requireNonNull(groupTopics, "groupTopics");
        Objects.requireNonNull(consumeStats, "consumeStats");
        Objects.requireNonNull(connections, "connections");
        Objects.requireNonNull(resetOffset, "resetOffset");
        Objects.requireNonNull(queryMessages, "queryMessages");
        Objects.requireNonNull(viewMessage, "viewMessage");
        Objects.requireNonNull(searchOffset, "searchOffset");
        Objects.requireNonNull(consumeQueue, "consumeQueue");
        Objects.requireNonNull(clusterOverview, "clusterOverview");
    }
}
