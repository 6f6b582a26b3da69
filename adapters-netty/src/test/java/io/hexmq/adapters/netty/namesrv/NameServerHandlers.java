package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.fakes.InMemoryKvConfigStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.namesrv.AddWritePermOfBroker;
import io.hexmq.application.namesrv.DeleteKvConfig;
import io.hexmq.application.namesrv.DeleteTopicFromNameServer;
import io.hexmq.application.namesrv.DropBrokerConnection;
import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.application.namesrv.GetKvConfig;
import io.hexmq.application.namesrv.GetKvConfigsByNamespace;
import io.hexmq.application.namesrv.GetTopicRoute;
import io.hexmq.application.namesrv.GetTopicsByCluster;
import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.application.namesrv.PutKvConfig;
import io.hexmq.application.namesrv.QueryDataVersion;
import io.hexmq.application.namesrv.RefreshBrokerHeartbeat;
import io.hexmq.application.namesrv.RegisterBroker;
import io.hexmq.application.namesrv.UnregisterBroker;
import io.hexmq.application.namesrv.WipeWritePermOfBroker;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.TestPeer;

/**
 * Every NameServer handler over real use cases and in-memory fakes, wired by hand, plus a dispatcher
 * with {@link NameServerResponseCodes} on the calling thread for the error paths.
 */
final class NameServerHandlers {

    static final long START = 1_700_000_000_000L;

    final ManualClock clock = new ManualClock(START);
    final InMemoryKvConfigStore kvStore = new InMemoryKvConfigStore();
    final RouteTable routes = new RouteTable();
    final KvConfig kvConfig = new KvConfig(kvStore.load());

    final PutKvConfigHandler putKvConfig;
    final GetKvConfigHandler getKvConfig;
    final DeleteKvConfigHandler deleteKvConfig;
    final GetKvListByNamespaceHandler getKvListByNamespace;
    final RegisterBrokerHandler registerBroker;
    final UnregisterBrokerHandler unregisterBroker;
    final GetRouteInfoByTopicHandler getRouteInfoByTopic;
    final GetBrokerClusterInfoHandler getBrokerClusterInfo;
    final WipeWritePermOfBrokerHandler wipeWritePermOfBroker;
    final AddWritePermOfBrokerHandler addWritePermOfBroker;
    final GetAllTopicListHandler getAllTopicList;
    final GetTopicsByClusterHandler getTopicsByCluster;
    final DeleteTopicInNameServerHandler deleteTopicInNameServer;
    final QueryDataVersionHandler queryDataVersion;
    final BrokerHeartbeatHandler brokerHeartbeat;
    final BrokerConnectionCloseListener closeListener;
    final RequestDispatcher dispatcher;

    NameServerHandlers() {
        this(NameServerSettings.defaults());
    }

    NameServerHandlers(NameServerSettings settings) {
        putKvConfig = new PutKvConfigHandler(new PutKvConfig(kvConfig, kvStore));
        getKvConfig = new GetKvConfigHandler(new GetKvConfig(kvConfig));
        deleteKvConfig = new DeleteKvConfigHandler(new DeleteKvConfig(kvConfig, kvStore));
        getKvListByNamespace = new GetKvListByNamespaceHandler(new GetKvConfigsByNamespace(kvConfig));
        registerBroker = new RegisterBrokerHandler(new RegisterBroker(routes, kvConfig, clock, () -> settings));
        unregisterBroker = new UnregisterBrokerHandler(new UnregisterBroker(routes));
        getRouteInfoByTopic = new GetRouteInfoByTopicHandler(new GetTopicRoute(routes, kvConfig, () -> settings));
        getBrokerClusterInfo = new GetBrokerClusterInfoHandler(new GetClusterInfo(routes));
        wipeWritePermOfBroker = new WipeWritePermOfBrokerHandler(new WipeWritePermOfBroker(routes));
        addWritePermOfBroker = new AddWritePermOfBrokerHandler(new AddWritePermOfBroker(routes));
        getAllTopicList = new GetAllTopicListHandler(new GetAllTopics(routes));
        getTopicsByCluster = new GetTopicsByClusterHandler(new GetTopicsByCluster(routes));
        deleteTopicInNameServer = new DeleteTopicInNameServerHandler(new DeleteTopicFromNameServer(routes));
        queryDataVersion = new QueryDataVersionHandler(new QueryDataVersion(routes, clock));
        brokerHeartbeat = new BrokerHeartbeatHandler(new RefreshBrokerHeartbeat(routes, clock));
        closeListener = new BrokerConnectionCloseListener(new DropBrokerConnection(routes));
        dispatcher = RequestDispatcher.builder()
                .responseCodes(NameServerResponseCodes.create())
                .register(RequestCode.PUT_KV_CONFIG, putKvConfig, Runnable::run)
                .register(RequestCode.GET_KV_CONFIG, getKvConfig, Runnable::run)
                .register(RequestCode.DELETE_KV_CONFIG, deleteKvConfig, Runnable::run)
                .register(RequestCode.GET_KVLIST_BY_NAMESPACE, getKvListByNamespace, Runnable::run)
                .register(RequestCode.REGISTER_BROKER, registerBroker, Runnable::run)
                .register(RequestCode.UNREGISTER_BROKER, unregisterBroker, Runnable::run)
                .register(RequestCode.GET_ROUTEINFO_BY_TOPIC, getRouteInfoByTopic, Runnable::run)
                .register(RequestCode.GET_BROKER_CLUSTER_INFO, getBrokerClusterInfo, Runnable::run)
                .register(RequestCode.WIPE_WRITE_PERM_OF_BROKER, wipeWritePermOfBroker, Runnable::run)
                .register(RequestCode.ADD_WRITE_PERM_OF_BROKER, addWritePermOfBroker, Runnable::run)
                .register(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, getAllTopicList, Runnable::run)
                .register(RequestCode.GET_TOPICS_BY_CLUSTER, getTopicsByCluster, Runnable::run)
                .register(RequestCode.DELETE_TOPIC_IN_NAMESRV, deleteTopicInNameServer, Runnable::run)
                .register(RequestCode.QUERY_DATA_VERSION, queryDataVersion, Runnable::run)
                .register(RequestCode.BROKER_HEARTBEAT, brokerHeartbeat, Runnable::run)
                .build();
    }

    /** Calls {@code handler} directly, as the dispatcher would, over connection {@code connection}. */
    static RemotingCommand call(RequestHandler handler, RemotingCommand request, String connection) {
        return handler.handle(request, new TestPeer(connection, 40_000).context()).join();
    }

    static RemotingCommand call(RequestHandler handler, RemotingCommand request) {
        return call(handler, request, "conn-test");
    }

    /** Goes through the dispatcher: exceptions come back as error responses. */
    RemotingCommand dispatch(RemotingCommand request) {
        return dispatcher.dispatch(request, new TestPeer("conn-test", 40_000).context()).join();
    }
}
