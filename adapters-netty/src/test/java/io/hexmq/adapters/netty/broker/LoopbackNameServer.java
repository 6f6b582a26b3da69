package io.hexmq.adapters.netty.broker;

import io.hexmq.adapters.netty.namesrv.GetBrokerClusterInfoHandler;
import io.hexmq.adapters.netty.namesrv.GetRouteInfoByTopicHandler;
import io.hexmq.adapters.netty.namesrv.NameServerResponseCodes;
import io.hexmq.adapters.netty.namesrv.RegisterBrokerHandler;
import io.hexmq.adapters.netty.namesrv.UnregisterBrokerHandler;
import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.adapters.netty.server.NettyServerSettings;
import io.hexmq.application.fakes.InMemoryKvConfigStore;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.application.namesrv.GetTopicRoute;
import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.application.namesrv.RegisterBroker;
import io.hexmq.application.namesrv.UnregisterBroker;
import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One in-process NameServer on an ephemeral loopback port: route table, KV config, and the handlers a
 * registering broker needs (REGISTER_BROKER, UNREGISTER_BROKER, GET_ROUTEINFO_BY_TOPIC) and an admin
 * reads clusters with (GET_BROKER_CLUSTER_INFO), with the
 * default 16 MiB frame limit. Keeps every REGISTER_BROKER request it was sent.
 */
final class LoopbackNameServer implements AutoCloseable {

    static final long START = 1_700_000_000_000L;

    final KvConfig kvConfig = new KvConfig(new InMemoryKvConfigStore().load());
    final BlockingQueue<RemotingCommand> registrations = new LinkedBlockingQueue<>();
    private final NettyRemotingServer server;

    LoopbackNameServer() {
        RouteTable routes = new RouteTable();
        NameServerSettings settings = NameServerSettings.defaults();
        RegisterBrokerHandler register = new RegisterBrokerHandler(
                new RegisterBroker(routes, kvConfig, new ManualClock(START), () -> settings));
        RequestDispatcher dispatcher = RequestDispatcher.builder()
                .responseCodes(NameServerResponseCodes.create())
                .register(RequestCode.REGISTER_BROKER, (request, context) -> {
                    registrations.add(request);
                    return register.handle(request, context);
                }, Runnable::run)
                .register(RequestCode.UNREGISTER_BROKER,
                        new UnregisterBrokerHandler(new UnregisterBroker(routes)), Runnable::run)
                .register(RequestCode.GET_ROUTEINFO_BY_TOPIC,
                        new GetRouteInfoByTopicHandler(new GetTopicRoute(routes, kvConfig, () -> settings)), Runnable::run)
                .register(RequestCode.GET_BROKER_CLUSTER_INFO,
                        new GetBrokerClusterInfoHandler(new GetClusterInfo(routes)), Runnable::run)
                .build();
        server = new NettyRemotingServer(NettyServerSettings.defaults("127.0.0.1", 0), dispatcher);
        server.start();
    }

    String address() {
        return "127.0.0.1:" + server.localAddress().getPort();
    }

    @Override
    public void close() {
        server.close();
    }
}
