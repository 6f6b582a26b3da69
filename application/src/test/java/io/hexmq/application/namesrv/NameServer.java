package io.hexmq.application.namesrv;

import io.hexmq.application.fakes.InMemoryKvConfigStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/** A NameServer's use cases wired by hand over in-memory fakes, the way bootstrap wires the real ones. */
final class NameServer {

    static final long START = 1_700_000_000_000L;
    static final ClusterName CLUSTER = new ClusterName("DefaultCluster");

    final ManualClock clock = new ManualClock(START);
    final InMemoryKvConfigStore kvStore = new InMemoryKvConfigStore();
    final RouteTable routes = new RouteTable();
    final KvConfig kvConfig;
    final NameServerSettings settings;
    final LiveNameServerSettings live;

    final RegisterBroker registerBroker;
    final UnregisterBroker unregisterBroker;
    final QueryDataVersion queryDataVersion;
    final RefreshBrokerHeartbeat refreshBrokerHeartbeat;
    final GetTopicRoute getTopicRoute;
    final GetClusterInfo getClusterInfo;
    final GetAllTopics getAllTopics;
    final GetTopicsByCluster getTopicsByCluster;
    final PutKvConfig putKvConfig;
    final GetKvConfig getKvConfig;
    final DeleteKvConfig deleteKvConfig;
    final GetKvConfigsByNamespace getKvConfigsByNamespace;
    final WipeWritePermOfBroker wipeWritePermOfBroker;
    final AddWritePermOfBroker addWritePermOfBroker;
    final DeleteTopicFromNameServer deleteTopicFromNameServer;
    final ExpireInactiveBrokers expireInactiveBrokers;
    final DropBrokerConnection dropBrokerConnection;
    final GetNameServerConfig getNameServerConfig;
    final UpdateNameServerConfig updateNameServerConfig;

    NameServer() {
        this(NameServerSettings.defaults());
    }

    NameServer(NameServerSettings settings) {
        this.settings = settings;
        this.live = new LiveNameServerSettings(settings);
        this.kvConfig = new KvConfig(kvStore.load());
        registerBroker = new RegisterBroker(routes, kvConfig, clock, live);
        unregisterBroker = new UnregisterBroker(routes);
        queryDataVersion = new QueryDataVersion(routes, clock);
        refreshBrokerHeartbeat = new RefreshBrokerHeartbeat(routes, clock);
        getTopicRoute = new GetTopicRoute(routes, kvConfig, live);
        getClusterInfo = new GetClusterInfo(routes);
        getAllTopics = new GetAllTopics(routes);
        getTopicsByCluster = new GetTopicsByCluster(routes);
        putKvConfig = new PutKvConfig(kvConfig, kvStore);
        getKvConfig = new GetKvConfig(kvConfig);
        deleteKvConfig = new DeleteKvConfig(kvConfig, kvStore);
        getKvConfigsByNamespace = new GetKvConfigsByNamespace(kvConfig);
        wipeWritePermOfBroker = new WipeWritePermOfBroker(routes);
        addWritePermOfBroker = new AddWritePermOfBroker(routes);
        deleteTopicFromNameServer = new DeleteTopicFromNameServer(routes);
        expireInactiveBrokers = new ExpireInactiveBrokers(routes, clock);
        dropBrokerConnection = new DropBrokerConnection(routes);
        getNameServerConfig = new GetNameServerConfig(live, Map.of("listenPort", "9876"));
        updateNameServerConfig = new UpdateNameServerConfig(live, Set.of("listenPort"));
    }

    static TopicConfig topic(String name, int queues) {
        return TopicConfig.of(new TopicName(name), queues, queues, Permission.READ_WRITE);
    }

    static BrokerAddress address(String host) {
        return new BrokerAddress(host + ":10911");
    }

    /** A master of {@code broker} at {@code host}:10911 with topics T1 (4 queues) and T2 (8), version (1000, 1). */
    static RegisterBroker.Command master(String broker, String host) {
        return registration(broker, host, 0, new DataVersion(1_000, 1, 0), List.of(topic("T1", 4), topic("T2", 8)));
    }

    static RegisterBroker.Command slave(String broker, String host, long id) {
        return registration(broker, host, id, new DataVersion(1_000, 1, 0), List.of(topic("T1", 4), topic("T2", 8)));
    }

    static RegisterBroker.Command registration(String broker, String host, long id, DataVersion version,
            List<TopicConfig> topics) {
        return new RegisterBroker.Command(CLUSTER, new BrokerName(broker), address(host), new BrokerId(id),
                Optional.of(new BrokerAddress(host + ":10912")), Optional.empty(), OptionalLong.empty(), false,
                version, topics, List.of(), new ConnectionId("conn-" + host));
    }

    static RegisterBroker.Command withTimeout(RegisterBroker.Command command, long timeoutMillis) {
        return new RegisterBroker.Command(command.clusterName(), command.brokerName(), command.brokerAddress(),
                command.brokerId(), command.haServerAddress(), command.zoneName(), OptionalLong.of(timeoutMillis),
                command.enableActingMaster(), command.dataVersion(), command.topicConfigs(),
                command.filterServers(), command.connection());
    }
}
