package io.hexmq.bootstrap;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.name.Names;
import io.hexmq.adapters.metrics.PrometheusEndpoint;
import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.application.auth.CreateInitialUsers;
import io.hexmq.application.namesrv.ExpireInactiveBrokers;
import io.hexmq.application.namesrv.RestoreKvConfig;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.bootstrap.lifecycle.Lifecycle;
import io.hexmq.bootstrap.lifecycle.Lifecycles;
import io.hexmq.bootstrap.lifecycle.PeriodicTask;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.bootstrap.wiring.AuthModule;
import io.hexmq.bootstrap.wiring.AuthState;
import io.hexmq.bootstrap.wiring.CoreModule;
import io.hexmq.bootstrap.wiring.NameServerMetricsModule;
import io.hexmq.bootstrap.wiring.NameServerModule;
import io.hexmq.domain.route.RemovedBroker;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ScheduledExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A running NameServer: restores its KV config, serves requests, and scans broker liveness. */
public final class NameServerNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NameServerNode.class);

    private final Lifecycles lifecycles;
    private final NettyRemotingServer server;
    private final Optional<PrometheusEndpoint> metrics;
    private boolean closed;

    private NameServerNode(Lifecycles lifecycles, NettyRemotingServer server, Optional<PrometheusEndpoint> metrics) {
        this.lifecycles = lifecycles;
        this.server = server;
        this.metrics = metrics;
    }

    /** Wires and starts a NameServer; it accepts connections when this returns. */
    public static NameServerNode start(NameServerConfig config) throws LaunchException {
        List<Module> modules = new ArrayList<>(List.of(new CoreModule(), new NameServerModule(config),
                new AuthModule(config.auth(), AuthState.load(config.authConfigPath()))));
        if (config.metrics().prometheus()) {
            modules.add(new NameServerMetricsModule(config));
        }
        Injector injector = Guice.createInjector(modules);
        NettyRemotingServer server = injector.getInstance(Key.get(NettyRemotingServer.class, Names.named("namesrv")));
        ExpireInactiveBrokers expire = injector.getInstance(ExpireInactiveBrokers.class);
        RestoreKvConfig restore = injector.getInstance(RestoreKvConfig.class);
        ScheduledExecutorService housekeeping = injector.getInstance(
                Key.get(ScheduledExecutorService.class, Names.named("namesrv-housekeeping")));
        Duration scanInterval = Duration.ofMillis(config.scanNotActiveBrokerIntervalMillis());

        List<Lifecycle> components = new ArrayList<>(List.of(
                injector.getInstance(RoleExecutors.class),
                BrokerNode.initialUsers(injector.getInstance(CreateInitialUsers.class)),
                Lifecycle.onStart("KV config", () -> LOG.info("Restored {} KV config entries from {}",
                        restore.restore(), config.kvConfigPath())),
                Lifecycle.of("NameServer server", server::start, server::stop),
                new PeriodicTask("broker liveness scan", housekeeping, scanInterval, scanInterval,
                        () -> logExpired(expire.expire()))));
        Optional<PrometheusEndpoint> metrics = config.metrics().prometheus()
                ? Optional.of(injector.getInstance(PrometheusEndpoint.class)) : Optional.empty();
        metrics.ifPresent(endpoint -> components.add(Lifecycle.of("Prometheus endpoint", endpoint::start, endpoint::stop)));
        Lifecycles lifecycles = new Lifecycles(components);
        lifecycles.startAll();
        NameServerNode node = new NameServerNode(lifecycles, server, metrics);
        LOG.info("NameServer listening on {}", node.address());
        return node;
    }

    private static void logExpired(List<RemovedBroker> removed) {
        for (RemovedBroker broker : removed) {
            LOG.warn("Broker {} ({}) of cluster {} not heard from within its timeout: removed",
                    broker.brokerName().value(), broker.brokerAddress().value(), broker.cluster().value());
        }
    }

    public HostPort address() {
        InetSocketAddress local = server.localAddress();
        return new HostPort(local.getAddress().getHostAddress(), local.getPort());
    }

    /** The port {@code /metrics} is served on; empty unless {@code metricsExporterType=PROM}. */
    public OptionalInt metricsPort() {
        return metrics.map(endpoint -> OptionalInt.of(endpoint.port())).orElse(OptionalInt.empty());
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            lifecycles.stopAll();
            LOG.info("NameServer stopped");
        }
    }
}
