package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import io.hexmq.adapters.netty.broker.BrokerResponseCodes;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.broker.ClientConnectionCloseListener;
import io.hexmq.adapters.netty.broker.NettyConsumerNotifier;
import io.hexmq.adapters.netty.server.ConnectionListener;
import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.DeleteExpiredStoreFiles;
import io.hexmq.application.broker.MessageOutcomes;
import io.hexmq.application.broker.RegisterBrokerWithNameServers;
import io.hexmq.application.broker.UnregisterBrokerFromNameServers;
import io.hexmq.application.broker.ViewBrokerStats;
import io.hexmq.application.consumer.CloneGroupOffset;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.CreateOrUpdateSubscriptionGroup;
import io.hexmq.application.consumer.DeleteSubscriptionGroup;
import io.hexmq.application.consumer.DropClientConnection;
import io.hexmq.application.consumer.ExpireSilentClients;
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
import io.hexmq.application.consumer.GroupQueueStats;
import io.hexmq.application.consumer.LockQueues;
import io.hexmq.application.consumer.PersistConsumerOffsets;
import io.hexmq.application.consumer.QueryConsumerOffset;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.consumer.ResetGroupOffsets;
import io.hexmq.application.consumer.SubscriptionGroupLookup;
import io.hexmq.application.consumer.UnlockQueues;
import io.hexmq.application.consumer.UnregisterClient;
import io.hexmq.application.message.DeliverDueMessages;
import io.hexmq.application.message.DeliverDueTimerMessages;
import io.hexmq.application.message.ExpressionFilters;
import io.hexmq.application.message.GetEarliestStoreTime;
import io.hexmq.application.message.GetMaxOffset;
import io.hexmq.application.message.GetMinOffset;
import io.hexmq.application.message.LongPollingPulls;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.PullMessages;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.application.message.RecallTimerMessage;
import io.hexmq.application.message.RetrySendRules;
import io.hexmq.application.message.SearchOffsetByTimestamp;
import io.hexmq.application.message.SendAdmission;
import io.hexmq.application.message.SendMessage;
import io.hexmq.application.message.TimerCounts;
import io.hexmq.application.message.SendMessageBack;
import io.hexmq.application.message.SendReply;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.application.pop.AckMessage;
import io.hexmq.application.pop.AwaitMessages;
import io.hexmq.application.pop.BatchAckMessages;
import io.hexmq.application.pop.ChangeInvisibleTime;
import io.hexmq.application.pop.GetPollingInfo;
import io.hexmq.application.pop.PeekMessages;
import io.hexmq.application.pop.PopAcks;
import io.hexmq.application.pop.PopAdmission;
import io.hexmq.application.pop.PopMessages;
import io.hexmq.application.pop.QueryAssignment;
import io.hexmq.application.pop.QueueWalk;
import io.hexmq.application.pop.ReviveExpiredPops;
import io.hexmq.application.pop.SetMessageRequestMode;
import io.hexmq.application.topic.CreateOrUpdateTopic;
import io.hexmq.application.topic.CleanUnusedTopics;
import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.application.topic.GetTopicConfig;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.application.topic.GroupTopics;
import io.hexmq.application.topic.ListBrokerSystemTopics;
import io.hexmq.application.topic.SaveStagedTopics;
import io.hexmq.application.topic.SendTopicLookup;
import io.hexmq.application.transaction.CheckPendingTransactions;
import io.hexmq.application.transaction.EndTransaction;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.domain.consumer.ConsumerGroups;
import io.hexmq.domain.consumer.PoppingGroups;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.ProducerGroups;
import io.hexmq.domain.consumer.QueueLocks;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.consumer.port.ConsumerNotifier;
import io.hexmq.domain.consumer.port.ConsumerOffsetStore;
import io.hexmq.domain.consumer.port.SubscriptionGroupStore;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.domain.topic.port.TopicConfigStore;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestGate;
import jakarta.inject.Named;
import java.lang.reflect.Constructor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The Broker: its loaded state, one use case per activity built by its plain constructor, its executors
 * by role, its way out to clients, and the remoting servers (main port and VIP port) that dispatch to
 * the request handlers. The handlers, one per request code, are bound by feature in the modules this
 * one installs ({@link MessageHandlersModule}, {@link ClientHandlersModule}, {@link BrokerAdminModule},
 * {@link TransactionModule}); the way out to the NameServers in {@link NameServerRegistrationModule}.
 * The store comes from whichever store module the launcher installed next to this one.
 */
public final class BrokerModule extends AbstractModule {

    private static final Class<?>[] USE_CASES = {
        RegisterBrokerWithNameServers.class, UnregisterBrokerFromNameServers.class,
        CreateOrUpdateTopic.class, DeleteTopic.class, GetAllTopicConfigs.class, GetTopicConfig.class,
        GetTopicStats.class, ViewBrokerStats.class, DeleteExpiredStoreFiles.class, CleanUnusedTopics.class,
        ListBrokerSystemTopics.class, QueryConsumeQueue.class,
        RecordHeartbeat.class, UnregisterClient.class, ExpireSilentClients.class, DropClientConnection.class,
        GetConsumerIds.class, GetConsumerConnections.class, GetProducerConnections.class, GetAllProducers.class,
        QueryConsumerOffset.class, CommitConsumerOffset.class, GetAllConsumerOffsets.class,
        PersistConsumerOffsets.class, LockQueues.class, UnlockQueues.class,
        CreateOrUpdateSubscriptionGroup.class, GetSubscriptionGroup.class, GetSubscriptionGroups.class,
        DeleteSubscriptionGroup.class, GetConsumeStats.class, GetBrokerConsumeStats.class, CloneGroupOffset.class,
        ResetGroupOffsets.class,
        GetGroupsConsumingTopic.class, GetTopicsConsumedByGroup.class, GetGroupSubscription.class,
        SendMessage.class, PullMessages.class, SendMessageBack.class, GetMaxOffset.class, GetMinOffset.class,
        GetEarliestStoreTime.class, SearchOffsetByTimestamp.class, ViewMessage.class, SendReply.class,
        EndTransaction.class, RecallTimerMessage.class,
        QueryMessages.class,
        PopMessages.class, AckMessage.class, BatchAckMessages.class, ChangeInvisibleTime.class,
        ReviveExpiredPops.class, QueryAssignment.class, SetMessageRequestMode.class, PeekMessages.class,
        AwaitMessages.class, GetPollingInfo.class,
    };

    /**
     * The scheduled writers, unscoped: the launcher makes one for each term its broker leads (one for a broker
     * on its own), so each starts from the progress stored when it was made.
     */
    private static final Class<?>[] SCHEDULED_WRITERS = {
        DeliverDueMessages.class, DeliverDueTimerMessages.class, CheckPendingTransactions.class,
    };

    /** Named parts that more than one use case shares, built like them through their one public constructor. */
    private static final Class<?>[] USE_CASE_PARTS = {
        SendAdmission.class, SendTopicLookup.class, RetrySendRules.class, GroupTopics.class,
        SubscriptionGroupLookup.class, PopAcks.class, ExpressionFilters.class, PopAdmission.class,
        QueueWalk.class, GroupQueueStats.class, MessageOutcomes.class, TimerCounts.class,
    };

    private final BrokerConfig config;
    private final BrokerState state;

    public BrokerModule(BrokerConfig config, BrokerState state) {
        this.config = config;
        this.state = state;
    }

    @Override
    protected void configure() {
        bind(BrokerConfig.class).toInstance(config);
        OptionalBinder.newOptionalBinder(binder(), RequestTimings.class).setDefault().toInstance(RequestTimings.NONE);
        OptionalBinder.newOptionalBinder(binder(), MessageSizes.class).setDefault().toInstance(MessageSizes.NONE);
        OptionalBinder.newOptionalBinder(binder(), TransactionLatencies.class).setDefault()
                .toInstance(TransactionLatencies.NONE);
        bind(BrokerSettings.class).toInstance(config.settings());
        bind(TopicTable.class).toInstance(state.topics());
        bind(SubscriptionGroups.class).toInstance(state.subscriptionGroups());
        bind(ConsumerOffsets.class).toInstance(state.offsets());
        bind(TopicConfigStore.class).toInstance(state.topicStore());
        bind(SubscriptionGroupStore.class).toInstance(state.subscriptionGroupStore());
        bind(ConsumerOffsetStore.class).toInstance(state.offsetStore());
        bind(DelayProgressStore.class).toInstance(state.delayProgressStore());
        bind(TimerProgressStore.class).toInstance(state.timerProgressStore());
        bind(TransactionCheckProgressStore.class).toInstance(state.transactionProgressStore());
        for (Class<?> useCase : USE_CASES) {
            bindToItsConstructor(useCase);
        }
        for (Class<?> part : USE_CASE_PARTS) {
            bindToItsConstructor(part);
        }
        for (Class<?> writer : SCHEDULED_WRITERS) {
            bindEachTimeToItsConstructor(writer);
        }
        install(new MessageHandlersModule(config));
        install(new ClientHandlersModule());
        install(new BrokerAdminModule(config));
        install(new AbsentPartsModule());
        install(new TransactionModule(config));
        install(new ConsumerRelayModule());
        install(new NameServerRegistrationModule(config));
        install(new PopModule(config));
        install(new BrokerExecutorsModule(config));
    }

    /** Use cases carry no annotations: each is built through its one public constructor. */
    private <T> void bindToItsConstructor(Class<T> type) {
        Constructor<T> constructor = itsConstructor(type);
        if (constructor != null) {
            bind(type).toConstructor(constructor).in(Singleton.class);
        }
    }

    private <T> void bindEachTimeToItsConstructor(Class<T> type) {
        Constructor<T> constructor = itsConstructor(type);
        if (constructor != null) {
            bind(type).toConstructor(constructor);
        }
    }

    @SuppressWarnings("unchecked")
    private <T> Constructor<T> itsConstructor(Class<T> type) {
        Constructor<?>[] constructors = type.getConstructors();
        if (constructors.length != 1) {
            addError("%s must have exactly one public constructor", type.getName());
            return null;
        }
        return (Constructor<T>) constructors[0];
    }

    // ---- aggregates without files ------------------------------------------------------------

    @Provides
    @Singleton
    SaveStagedTopics saveStagedTopics(TopicTable topics, TopicConfigStore store, Clock clock) {
        return new SaveStagedTopics(topics, store, clock);
    }

    @Provides
    @Singleton
    ConsumerGroups consumerGroups() {
        return new ConsumerGroups();
    }

    @Provides
    @Singleton
    PoppingGroups poppingGroups() {
        return new PoppingGroups();
    }

    @Provides
    @Singleton
    ProducerGroups producerGroups() {
        return new ProducerGroups();
    }

    @Provides
    @Singleton
    QueueLocks queueLocks(BrokerSettings settings) {
        return new QueueLocks(settings.lockMaxLiveTime().toMillis());
    }

    @Provides
    @Singleton
    HostAddress storeHost() {
        String address = config.settings().brokerAddress().value();
        int colon = address.lastIndexOf(':');
        return HostAddress.of(new InetSocketAddress(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1))));
    }

    @Provides
    @Singleton
    MessageSettings messageSettings() {
        MessageSettings defaults = MessageSettings.defaults();
        return new MessageSettings(config.store().maxMessageSize(), defaults.longPollingEnable(),
                defaults.shortPollingTimeMills(), config.messageDelayLevel(), config.timerMaxDelaySec(),
                config.recallMessageEnable());
    }

    @Provides
    @Singleton
    UniqueKeyGenerator uniqueKeys(HostAddress storeHost, Clock clock) {
        return new UniqueKeyGenerator(storeHost, clock::millis, ZoneId.systemDefault());
    }

    @Provides
    @Singleton
    BrokerStatistics statistics(Clock clock) {
        return new BrokerStatistics(clock, ZoneId.systemDefault());
    }

    /** Parked pulls are re-run on the pull threads, never on the store's writer thread. */
    @Provides
    @Singleton
    LongPollingPulls longPolling(Clock clock, @Named("broker-pull") ExecutorService pull) {
        return new LongPollingPulls(clock, pull);
    }

    // ---- the outbound side: client channels (NameServers: NameServerRegistrationModule) -------

    @Provides
    @Singleton
    ClientChannels clientChannels() {
        return new ClientChannels();
    }

    @Provides
    @Singleton
    ConsumerNotifier consumerNotifier(ClientChannels channels) {
        return new NettyConsumerNotifier(channels);
    }

    // ---- the servers -------------------------------------------------------------------------

    @Provides
    @Singleton
    @Named("broker")
    RequestDispatcher dispatcher(Set<HandlerBinding> handlers, RequestGate gate, RequestTimings timings,
                                 @Named("broker-send") ExecutorService send,
                                 @Named("broker-pull") ExecutorService pull,
                                 @Named("broker-admin") ExecutorService admin) {
        RequestDispatcher.Builder builder = RequestDispatcher.builder().responseCodes(BrokerResponseCodes.create())
                .gate(gate).timings(timings);
        Map<HandlerPool, ExecutorService> pools = Map.of(
                HandlerPool.BROKER_SEND, send, HandlerPool.BROKER_PULL, pull, HandlerPool.BROKER_ADMIN, admin);
        for (HandlerBinding binding : handlers) {
            builder.register(binding.code(), binding.handler(), binding.executorIn(pools));
        }
        return builder.build();
    }

    @Provides
    @Singleton
    ConnectionListener connectionListener(DropClientConnection drop, ClientChannels channels,
                                          @Named("broker-housekeeping") ScheduledExecutorService housekeeping) {
        ClientConnectionCloseListener clients = new ClientConnectionCloseListener(drop, channels);
        return ConnectionListener.onExecutor(new ConnectionListener() {
            @Override
            public void connectionClosed(RemotingPeer peer) {
                clients.connectionClosed(peer.connectionId());
            }
        }, housekeeping);
    }

    @Provides
    @Singleton
    @Named("broker")
    NettyRemotingServer server(@Named("broker") RequestDispatcher dispatcher, ConnectionListener listener) {
        return new NettyRemotingServer(serverSettings(config.listen().port()), dispatcher, listener);
    }

    @Provides
    @Singleton
    @Named("broker-vip")
    NettyRemotingServer vipServer(@Named("broker") RequestDispatcher dispatcher, ConnectionListener listener) {
        return new NettyRemotingServer(serverSettings(config.fastListen().port()), dispatcher, listener);
    }

    private NettyServerSettings serverSettings(int port) {
        return NettyServerSettings.defaults(config.listen().host(), port)
                .withIdleTimeout(Duration.ofSeconds(config.channelMaxIdleSeconds()))
                .withTls(config.tls().server())
                .withMaxFrameLength(config.maxFrameLength());
    }
}
