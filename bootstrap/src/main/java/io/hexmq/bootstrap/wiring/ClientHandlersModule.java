package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.CheckClientConfigHandler;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.broker.CloneGroupOffsetHandler;
import io.hexmq.adapters.netty.broker.DeleteSubscriptionGroupHandler;
import io.hexmq.adapters.netty.broker.GetAllConsumerOffsetHandler;
import io.hexmq.adapters.netty.broker.GetAllProducerInfoHandler;
import io.hexmq.adapters.netty.broker.GetAllSubscriptionGroupConfigHandler;
import io.hexmq.adapters.netty.broker.GetBrokerConsumeStatsHandler;
import io.hexmq.adapters.netty.broker.GetConsumeStatsHandler;
import io.hexmq.adapters.netty.broker.GetConsumerConnectionListHandler;
import io.hexmq.adapters.netty.broker.GetConsumerListByGroupHandler;
import io.hexmq.adapters.netty.broker.GetProducerConnectionListHandler;
import io.hexmq.adapters.netty.broker.GetSubscriptionGroupConfigHandler;
import io.hexmq.adapters.netty.broker.HeartbeatHandler;
import io.hexmq.adapters.netty.broker.LockBatchMqHandler;
import io.hexmq.adapters.netty.broker.QueryConsumerOffsetHandler;
import io.hexmq.adapters.netty.broker.QuerySubscriptionByConsumerHandler;
import io.hexmq.adapters.netty.broker.QueryTopicConsumeByWhoHandler;
import io.hexmq.adapters.netty.broker.QueryTopicsByConsumerHandler;
import io.hexmq.adapters.netty.broker.ResetOffsetHandler;
import io.hexmq.adapters.netty.broker.UnlockBatchMqHandler;
import io.hexmq.adapters.netty.broker.UnregisterClientHandler;
import io.hexmq.adapters.netty.broker.UpdateAndCreateSubscriptionGroupHandler;
import io.hexmq.adapters.netty.broker.UpdateAndCreateSubscriptionGroupListHandler;
import io.hexmq.adapters.netty.broker.UpdateConsumerOffsetHandler;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.consumer.CheckClientConfig;
import io.hexmq.application.consumer.CloneGroupOffset;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.application.consumer.DeleteSubscriptionGroup;
import io.hexmq.application.consumer.GetAllConsumerOffsets;
import io.hexmq.application.consumer.GetAllProducers;
import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.application.consumer.GetConsumerIds;
import io.hexmq.application.consumer.GetGroupSubscription;
import io.hexmq.application.consumer.GetGroupsConsumingTopic;
import io.hexmq.application.consumer.GetProducerConnections;
import io.hexmq.application.consumer.GetSubscriptionGroup;
import io.hexmq.application.consumer.GetSubscriptionGroups;
import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.application.consumer.LockQueues;
import io.hexmq.application.consumer.QueryConsumerOffset;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.consumer.UnlockQueues;
import io.hexmq.application.consumer.UnregisterClient;
import io.hexmq.remoting.protocol.RequestCode;

/**
 * Producers and consumers as clients: heartbeats and their subscriptions, consumer offsets and queue
 * locks, subscription groups, and the admin codes that report or reset a group.
 *
 * <p>Installed by {@link BrokerModule}, which binds the use cases.
 */
final class ClientHandlersModule extends AbstractModule {

    @ProvidesIntoSet
    HandlerBinding checkClientConfig(LiveBrokerSettings settings) {
        return HandlerBinding.onAdminThreads(RequestCode.CHECK_CLIENT_CONFIG, new CheckClientConfigHandler(new CheckClientConfig(settings)));
    }

    @ProvidesIntoSet
    HandlerBinding heartbeat(RecordHeartbeat useCase, ClientChannels channels) {
        return HandlerBinding.onAdminThreads(RequestCode.HEART_BEAT, new HeartbeatHandler(useCase, channels));
    }

    @ProvidesIntoSet
    HandlerBinding unregisterClient(UnregisterClient useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UNREGISTER_CLIENT, new UnregisterClientHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding consumerList(GetConsumerIds useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_CONSUMER_LIST_BY_GROUP, new GetConsumerListByGroupHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding queryConsumerOffset(QueryConsumerOffset useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_CONSUMER_OFFSET, new QueryConsumerOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding updateConsumerOffset(CommitConsumerOffset useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding lockBatch(LockQueues useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.LOCK_BATCH_MQ, new LockBatchMqHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding unlockBatch(UnlockQueues useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding createSubscriptionGroup(CreateOrUpdateSubscriptionGroup useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                new UpdateAndCreateSubscriptionGroupHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding createSubscriptionGroups(CreateOrUpdateSubscriptionGroup useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST,
                new UpdateAndCreateSubscriptionGroupListHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding allSubscriptionGroups(GetSubscriptionGroups useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                new GetAllSubscriptionGroupConfigHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding subscriptionGroupConfig(GetSubscriptionGroup useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, new GetSubscriptionGroupConfigHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding deleteSubscriptionGroup(DeleteSubscriptionGroup useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.DELETE_SUBSCRIPTIONGROUP, new DeleteSubscriptionGroupHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding consumeStats(GetConsumeStats useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_CONSUME_STATS, new GetConsumeStatsHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding allProducers(GetAllProducers useCase, ClientChannels channels) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_ALL_PRODUCER_INFO,
                new GetAllProducerInfoHandler(useCase, channels));
    }

    @ProvidesIntoSet
    HandlerBinding cloneGroupOffset(CloneGroupOffset useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.CLONE_GROUP_OFFSET, new CloneGroupOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding brokerConsumeStats(GetBrokerConsumeStats useCase, BrokerSettings settings) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_CONSUME_STATS,
                new GetBrokerConsumeStatsHandler(useCase, settings));
    }

    @ProvidesIntoSet
    HandlerBinding consumerConnections(GetConsumerConnections useCase, ClientChannels channels) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_CONSUMER_CONNECTION_LIST,
                new GetConsumerConnectionListHandler(useCase, channels));
    }

    @ProvidesIntoSet
    HandlerBinding producerConnections(GetProducerConnections useCase, ClientChannels channels) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                new GetProducerConnectionListHandler(useCase, channels));
    }

    @ProvidesIntoSet
    HandlerBinding allConsumerOffsets(GetAllConsumerOffsets useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_ALL_CONSUMER_OFFSET, new GetAllConsumerOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding resetOffset(ResetGroupOffsets useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                new ResetOffsetHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding topicConsumeByWho(GetGroupsConsumingTopic useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, new QueryTopicConsumeByWhoHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding subscriptionByConsumer(GetGroupSubscription useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER,
                new QuerySubscriptionByConsumerHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding topicsByConsumer(GetTopicsConsumedByGroup useCase, BrokerSettings settings) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_TOPICS_BY_CONSUMER,
                new QueryTopicsByConsumerHandler(useCase, settings.brokerAddress()));
    }
}
