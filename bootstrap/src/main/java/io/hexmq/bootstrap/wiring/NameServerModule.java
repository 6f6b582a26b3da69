package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.file.state.JsonKvConfigStore;
import io.hexmq.adapters.netty.namesrv.AddWritePermOfBrokerHandler;
import io.hexmq.adapters.netty.namesrv.BrokerConnectionCloseListener;
import io.hexmq.adapters.netty.namesrv.BrokerHeartbeatHandler;
import io.hexmq.adapters.netty.namesrv.DeleteKvConfigHandler;
import io.hexmq.adapters.netty.namesrv.DeleteTopicInNameServerHandler;
import io.hexmq.adapters.netty.namesrv.GetAllTopicListHandler;
import io.hexmq.adapters.netty.namesrv.GetBrokerClusterInfoHandler;
import io.hexmq.adapters.netty.namesrv.GetKvConfigHandler;
import io.hexmq.adapters.netty.namesrv.GetKvListByNamespaceHandler;
import io.hexmq.adapters.netty.namesrv.GetNamesrvConfigHandler;
import io.hexmq.adapters.netty.namesrv.GetRouteInfoByTopicHandler;
import io.hexmq.adapters.netty.namesrv.GetSystemTopicListHandler;
import io.hexmq.adapters.netty.namesrv.GetTopicsByClusterHandler;
import io.hexmq.adapters.netty.namesrv.NameServerResponseCodes;
import io.hexmq.adapters.netty.namesrv.PutKvConfigHandler;
import io.hexmq.adapters.netty.namesrv.QueryDataVersionHandler;
import io.hexmq.adapters.netty.namesrv.RegisterBrokerHandler;
import io.hexmq.adapters.netty.namesrv.UnregisterBrokerHandler;
import io.hexmq.adapters.netty.namesrv.UpdateNamesrvConfigHandler;
import io.hexmq.adapters.netty.namesrv.WipeWritePermOfBrokerHandler;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestGate;
import io.hexmq.adapters.netty.server.ConnectionListener;
import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.application.namesrv.AddWritePermOfBroker;
import io.hexmq.application.namesrv.DeleteKvConfig;
import io.hexmq.application.namesrv.DeleteTopicFromNameServer;
import io.hexmq.application.namesrv.DropBrokerConnection;
import io.hexmq.application.namesrv.ExpireInactiveBrokers;
import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.application.namesrv.GetKvConfig;
import io.hexmq.application.namesrv.GetKvConfigsByNamespace;
import io.hexmq.application.namesrv.GetNameServerConfig;
import io.hexmq.application.namesrv.GetSystemTopics;
import io.hexmq.application.namesrv.GetTopicRoute;
import io.hexmq.application.namesrv.GetTopicsByCluster;
import io.hexmq.application.namesrv.LiveNameServerSettings;
import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.application.namesrv.PutKvConfig;
import io.hexmq.application.namesrv.QueryDataVersion;
import io.hexmq.application.namesrv.RefreshBrokerHeartbeat;
import io.hexmq.application.namesrv.RegisterBroker;
import io.hexmq.application.namesrv.RestoreKvConfig;
import io.hexmq.application.namesrv.UnregisterBroker;
import io.hexmq.application.namesrv.UpdateNameServerConfig;
import io.hexmq.application.namesrv.WipeWritePermOfBroker;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvConfigSnapshot;
import io.hexmq.domain.kvconfig.port.KvConfigStore;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.time.port.Clock;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The NameServer: its route table and KV config, one use case per activity, one handler per request
 * code, and the remoting server that dispatches to them. Everything is built by plain constructors.
 */
public final class NameServerModule extends AbstractModule {

    private final NameServerConfig config;

    public NameServerModule(NameServerConfig config) {
        this.config = config;
    }

    @Override
    protected void configure() {
        bind(NameServerConfig.class).toInstance(config);
        OptionalBinder.newOptionalBinder(binder(), RequestTimings.class).setDefault().toInstance(RequestTimings.NONE);
    }

    /** What the use cases obey, read on every request: UPDATE_NAMESRV_CONFIG replaces it at run time. */
    @Provides
    @Singleton
    LiveNameServerSettings settings() {
        return new LiveNameServerSettings(new NameServerSettings(config.orderMessageEnable(),
                config.returnOrderTopicConfigToBroker(),
                Duration.ofMillis(config.scanNotActiveBrokerIntervalMillis()),
                Duration.ofMillis(config.brokerTimeoutMillis())));
    }

    @Provides
    @Singleton
    RouteTable routeTable() {
        return new RouteTable();
    }

    @Provides
    @Singleton
    KvConfig kvConfig() {
        return new KvConfig(KvConfigSnapshot.EMPTY);
    }

    @Provides
    @Singleton
    KvConfigStore kvConfigStore() {
        return new JsonKvConfigStore(config.kvConfigPath());
    }

    @Provides
    @Singleton
    @Named("namesrv-handlers")
    ExecutorService handlerExecutor(RoleExecutors executors) {
        return executors.fixed("namesrv-handler", config.workerThreads());
    }

    @Provides
    @Singleton
    @Named("namesrv-housekeeping")
    ScheduledExecutorService housekeeping(RoleExecutors executors) {
        return executors.scheduled("namesrv-housekeeping");
    }

    // ---- use cases -------------------------------------------------------------------------

    @Provides
    RestoreKvConfig restoreKvConfig(KvConfig kv, KvConfigStore store) {
        return new RestoreKvConfig(kv, store);
    }

    @Provides
    ExpireInactiveBrokers expireInactiveBrokers(RouteTable routes, Clock clock) {
        return new ExpireInactiveBrokers(routes, clock);
    }

    @Provides
    DropBrokerConnection dropBrokerConnection(RouteTable routes) {
        return new DropBrokerConnection(routes);
    }

    // ---- request handlers, by code ---------------------------------------------------------

    @ProvidesIntoSet
    HandlerBinding registerBroker(RouteTable routes, KvConfig kv, Clock clock, LiveNameServerSettings settings) {
        return HandlerBinding.onNameServerThreads(RequestCode.REGISTER_BROKER, new RegisterBrokerHandler(new RegisterBroker(routes, kv, clock, settings)));
    }

    @ProvidesIntoSet
    HandlerBinding unregisterBroker(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.UNREGISTER_BROKER, new UnregisterBrokerHandler(new UnregisterBroker(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding queryDataVersion(RouteTable routes, Clock clock) {
        return HandlerBinding.onNameServerThreads(RequestCode.QUERY_DATA_VERSION, new QueryDataVersionHandler(new QueryDataVersion(routes, clock)));
    }

    @ProvidesIntoSet
    HandlerBinding brokerHeartbeat(RouteTable routes, Clock clock) {
        return HandlerBinding.onNameServerThreads(RequestCode.BROKER_HEARTBEAT, new BrokerHeartbeatHandler(new RefreshBrokerHeartbeat(routes, clock)));
    }

    @ProvidesIntoSet
    HandlerBinding routeInfo(RouteTable routes, KvConfig kv, LiveNameServerSettings settings) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoByTopicHandler(new GetTopicRoute(routes, kv, settings)));
    }

    @ProvidesIntoSet
    HandlerBinding clusterInfo(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_BROKER_CLUSTER_INFO, new GetBrokerClusterInfoHandler(new GetClusterInfo(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding allTopics(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, new GetAllTopicListHandler(new GetAllTopics(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding topicsByCluster(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_TOPICS_BY_CLUSTER, new GetTopicsByClusterHandler(new GetTopicsByCluster(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding systemTopics(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS,
                new GetSystemTopicListHandler(new GetSystemTopics(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding wipeWritePerm(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.WIPE_WRITE_PERM_OF_BROKER, new WipeWritePermOfBrokerHandler(new WipeWritePermOfBroker(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding addWritePerm(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.ADD_WRITE_PERM_OF_BROKER, new AddWritePermOfBrokerHandler(new AddWritePermOfBroker(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding deleteTopic(RouteTable routes) {
        return HandlerBinding.onNameServerThreads(RequestCode.DELETE_TOPIC_IN_NAMESRV, new DeleteTopicInNameServerHandler(new DeleteTopicFromNameServer(routes)));
    }

    @ProvidesIntoSet
    HandlerBinding putKvConfig(KvConfig kv, KvConfigStore store) {
        return HandlerBinding.onNameServerThreads(RequestCode.PUT_KV_CONFIG, new PutKvConfigHandler(new PutKvConfig(kv, store)));
    }

    @ProvidesIntoSet
    HandlerBinding getKvConfig(KvConfig kv) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_KV_CONFIG, new GetKvConfigHandler(new GetKvConfig(kv)));
    }

    @ProvidesIntoSet
    HandlerBinding deleteKvConfig(KvConfig kv, KvConfigStore store) {
        return HandlerBinding.onNameServerThreads(RequestCode.DELETE_KV_CONFIG, new DeleteKvConfigHandler(new DeleteKvConfig(kv, store)));
    }

    @ProvidesIntoSet
    HandlerBinding kvListByNamespace(KvConfig kv) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_KVLIST_BY_NAMESPACE, new GetKvListByNamespaceHandler(new GetKvConfigsByNamespace(kv)));
    }

    @ProvidesIntoSet
    HandlerBinding getNamesrvConfig(LiveNameServerSettings settings) {
        return HandlerBinding.onNameServerThreads(RequestCode.GET_NAMESRV_CONFIG,
                new GetNamesrvConfigHandler(new GetNameServerConfig(settings, config.fixedAtStart())));
    }

    @ProvidesIntoSet
    HandlerBinding updateNamesrvConfig(LiveNameServerSettings settings) {
        return HandlerBinding.onNameServerThreads(RequestCode.UPDATE_NAMESRV_CONFIG, new UpdateNamesrvConfigHandler(
                new UpdateNameServerConfig(settings, config.fixedAtStart().keySet())));
    }

    // ---- the server ------------------------------------------------------------------------

    @Provides
    @Singleton
    @Named("namesrv")
    RequestDispatcher dispatcher(Set<HandlerBinding> handlers, RequestGate gate, RequestTimings timings,
                                 @Named("namesrv-handlers") ExecutorService executor) {
        RequestDispatcher.Builder builder = RequestDispatcher.builder().responseCodes(NameServerResponseCodes.create())
                .gate(gate).timings(timings);
        Map<HandlerPool, ExecutorService> pools = Map.of(HandlerPool.NAMESRV, executor);
        handlers.forEach(binding -> builder.register(binding.code(), binding.handler(), binding.executorIn(pools)));
        return builder.build();
    }

    @Provides
    @Singleton
    @Named("namesrv")
    NettyRemotingServer server(@Named("namesrv") RequestDispatcher dispatcher,
                               DropBrokerConnection dropBrokerConnection,
                               @Named("namesrv-housekeeping") ScheduledExecutorService housekeeping) {
        BrokerConnectionCloseListener brokers = new BrokerConnectionCloseListener(dropBrokerConnection);
        ConnectionListener onClose = new ConnectionListener() {
            @Override
            public void connectionClosed(RemotingPeer peer) {
                brokers.connectionClosed(peer.connectionId());
            }
        };
        NettyServerSettings settings = NettyServerSettings
                .defaults(config.listen().host(), config.listen().port())
                .withIdleTimeout(Duration.ofSeconds(config.channelMaxIdleSeconds()))
                .withTls(config.tls().server())
                .withMaxFrameLength(config.maxFrameLength());
        return new NettyRemotingServer(settings, dispatcher, ConnectionListener.onExecutor(onClose, housekeeping));
    }
}
