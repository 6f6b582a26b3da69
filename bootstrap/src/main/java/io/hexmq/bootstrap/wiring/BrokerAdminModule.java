package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.broker.CleanExpiredConsumeQueueHandler;
import io.hexmq.adapters.netty.broker.CleanUnusedTopicHandler;
import io.hexmq.adapters.netty.broker.DeleteExpiredCommitLogHandler;
import io.hexmq.adapters.netty.broker.DeleteTopicInBrokerHandler;
import io.hexmq.adapters.netty.broker.GetAllTopicConfigHandler;
import io.hexmq.adapters.netty.broker.GetBrokerConfigHandler;
import io.hexmq.adapters.netty.broker.GetBrokerHaStatusHandler;
import io.hexmq.adapters.netty.broker.GetBrokerRuntimeInfoHandler;
import io.hexmq.adapters.netty.broker.GetSystemTopicListFromBrokerHandler;
import io.hexmq.adapters.netty.broker.GetTopicConfigHandler;
import io.hexmq.adapters.netty.broker.GetTopicStatsInfoHandler;
import io.hexmq.adapters.netty.broker.QueryConsumeQueueHandler;
import io.hexmq.adapters.netty.broker.ResetMasterFlushOffsetHandler;
import io.hexmq.adapters.netty.broker.UpdateAndCreateStaticTopicHandler;
import io.hexmq.adapters.netty.broker.UpdateAndCreateTopicHandler;
import io.hexmq.adapters.netty.broker.UpdateAndCreateTopicListHandler;
import io.hexmq.adapters.netty.broker.UpdateBrokerConfigHandler;
import io.hexmq.adapters.netty.broker.ViewBrokerStatsDataHandler;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.DelayLevelOffsets;
import io.hexmq.application.broker.DeleteExpiredStoreFiles;
import io.hexmq.application.broker.GetBrokerHaStatus;
import io.hexmq.application.broker.GetBrokerRuntimeInfo;
import io.hexmq.application.broker.LiveBrokerSettings;
import io.hexmq.application.broker.RuntimeGauges;
import io.hexmq.application.broker.UpdateBrokerConfig;
import io.hexmq.application.broker.ViewBrokerStats;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.topic.CleanUnusedTopics;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.application.topic.GetTopicConfig;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.application.topic.ListBrokerSystemTopics;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.lifecycle.MeasuredExecutor;
import io.hexmq.domain.broker.port.RegistrationDemand;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.replication.port.GroupLog;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.storage.DiskUsage;
import jakarta.inject.Named;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the admin tools ask a broker about itself and its topics: runtime figures, broker config, topic
 * creation, deletion, listing and statistics.
 *
 * <p>Installed by {@link BrokerModule}, which binds the use cases.
 */
final class BrokerAdminModule extends AbstractModule {

    private final BrokerConfig config;

    BrokerAdminModule(BrokerConfig config) {
        this.config = config;
    }

    /** A replica of a broker group has a group log (ReplicationModule binds it); a broker on its own has none. */
    @Override
    protected void configure() {
        OptionalBinder.newOptionalBinder(binder(), GroupLog.class);
    }

    @Provides
    @Singleton
    GetBrokerRuntimeInfo runtimeInfo(BrokerStatistics statistics, Clock clock, StoreGauges store,
                                     @Named("broker-send") MeasuredExecutor send,
                                     @Named("broker-pull") MeasuredExecutor pull,
                                     @Named("broker-admin") MeasuredExecutor admin, Optional<GroupLog> group,
                                     DelayProgressStore delayProgress, MessageStore messages) {
        RuntimeGauges.Builder builder = RuntimeGauges.builder();
        group.ifPresent(log -> builder.groupStatus(log::status));
        Path storeRoot = config.store().storePathRootDir();
        RuntimeGauges gauges = builder
                .sendPool(queueOf(send))
                .pullPool(queueOf(pull))
                .adminPool(queueOf(admin))
                .earliestMessageTimeStamp(store.earliestMessageTime())
                .commitLogOffsets(store.commitLogMinOffset(), store.commitLogMaxOffset())
                .delayLevels(new DelayLevelOffsets(delayProgress, messages, config.messageDelayLevel())::read)
                .storeDiskRatio(() -> DiskUsage.FILE_SYSTEM.usedPercent(storeRoot) / 100)
                .commitLogDiskRatios(() -> commitLogDiskRatios(store))
                .storeBacklog(store.undispatchedBytes(), store.unflushedBytes())
                .storeDisk(new RuntimeGauges.DiskSpace(() -> StoreDiskSpace.totalBytes(storeRoot),
                        () -> StoreDiskSpace.freeBytes(storeRoot)))
                .build();
        return new GetBrokerRuntimeInfo(statistics, gauges, clock, clock.millis());
    }

    /** The one commit-log directory hexmq's stores have, by its path as brokerStatus names it; none without files. */
    private static SortedMap<String, Double> commitLogDiskRatios(StoreGauges store) {
        SortedMap<String, Double> ratios = new TreeMap<>();
        store.commitLogDirectory().ifPresent(directory ->
                ratios.put(directory.toString(), DiskUsage.FILE_SYSTEM.usedPercent(directory) / 100));
        return ratios;
    }

    private static RuntimeGauges.PoolQueue queueOf(MeasuredExecutor pool) {
        return new RuntimeGauges.PoolQueue(pool::queueSize, pool::headWaitMillis, pool::queueCapacity);
    }

    @ProvidesIntoSet
    HandlerBinding runtimeInfo(GetBrokerRuntimeInfo useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_RUNTIME_INFO, new GetBrokerRuntimeInfoHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding haStatus(MessageStore store, Optional<GroupLog> group) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_HA_STATUS,
                new GetBrokerHaStatusHandler(new GetBrokerHaStatus(store, group.isPresent())));
    }

    @ProvidesIntoSet
    HandlerBinding resetMasterFlushOffset() {
        return HandlerBinding.onAdminThreads(RequestCode.RESET_MASTER_FLUSH_OFFSET, new ResetMasterFlushOffsetHandler());
    }

    @ProvidesIntoSet
    HandlerBinding brokerStats(ViewBrokerStats useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.VIEW_BROKER_STATS_DATA, new ViewBrokerStatsDataHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding deleteExpiredCommitLog(DeleteExpiredStoreFiles useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.DELETE_EXPIRED_COMMITLOG, new DeleteExpiredCommitLogHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding cleanExpiredConsumeQueue(DeleteExpiredStoreFiles useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
                new CleanExpiredConsumeQueueHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding cleanUnusedTopic(CleanUnusedTopics useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.CLEAN_UNUSED_TOPIC, new CleanUnusedTopicHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding queryConsumeQueue(QueryConsumeQueue useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.QUERY_CONSUME_QUEUE, new QueryConsumeQueueHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding createTopic(CreateOrUpdateTopic useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_AND_CREATE_TOPIC, new UpdateAndCreateTopicHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding createStaticTopic() {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_AND_CREATE_STATIC_TOPIC,
                new UpdateAndCreateStaticTopicHandler());
    }

    @ProvidesIntoSet
    HandlerBinding createTopics(CreateOrUpdateTopic useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                new UpdateAndCreateTopicListHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding deleteTopic(DeleteTopic useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicInBrokerHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding allTopicConfig(GetAllTopicConfigs useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_ALL_TOPIC_CONFIG, new GetAllTopicConfigHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding topicConfig(GetTopicConfig useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding systemTopics(ListBrokerSystemTopics useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER,
                new GetSystemTopicListFromBrokerHandler(useCase));
    }

    @ProvidesIntoSet
    HandlerBinding topicStats(GetTopicStats useCase) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_TOPIC_STATS_INFO, new GetTopicStatsInfoHandler(useCase));
    }

    @Provides
    @Singleton
    LiveBrokerSettings liveSettings(Clock clock) {
        return new LiveBrokerSettings(config.settings(), clock.millis());
    }

    @Provides
    @Singleton
    LiveBrokerProperties liveProperties(LiveBrokerSettings live) {
        return new LiveBrokerProperties(config.properties(), live);
    }

    @ProvidesIntoSet
    HandlerBinding brokerConfig(LiveBrokerProperties properties, LiveBrokerSettings live) {
        return HandlerBinding.onAdminThreads(RequestCode.GET_BROKER_CONFIG,
                new GetBrokerConfigHandler(properties, live::version));
    }

    @ProvidesIntoSet
    HandlerBinding updateBrokerConfig(LiveBrokerSettings live, LiveBrokerProperties properties, TopicTable topics,
                                      TopicConfigStore topicStore, RegistrationDemand registration, Clock clock) {
        return HandlerBinding.onAdminThreads(RequestCode.UPDATE_BROKER_CONFIG, new UpdateBrokerConfigHandler(
                new UpdateBrokerConfig(live, properties.keys(), topics, topicStore, registration, clock)));
    }
}
