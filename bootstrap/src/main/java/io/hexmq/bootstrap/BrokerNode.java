package io.hexmq.bootstrap;

import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.name.Names;
import com.google.inject.util.Modules;
import io.hexmq.adapters.file.state.JsonConsumerOffsetStore;
import io.hexmq.adapters.file.state.JsonDelayProgressStore;
import io.hexmq.adapters.file.state.JsonSubscriptionGroupStore;
import io.hexmq.adapters.file.state.JsonTimerProgressStore;
import io.hexmq.adapters.file.state.LogFileTopicConfigStore;
import io.hexmq.adapters.file.state.LogFileTopicConfigStore.Compaction;
import io.hexmq.adapters.file.state.JsonTransactionCheckProgressStore;
import io.hexmq.adapters.console.ConsoleServer;
import io.hexmq.adapters.metrics.PrometheusEndpoint;
import io.hexmq.adapters.file.state.MappedApplyLedger;
import io.hexmq.adapters.netty.broker.ClientChannels;
import io.hexmq.adapters.netty.server.NettyRemotingServer;
import io.hexmq.application.auth.CreateInitialUsers;
import io.hexmq.application.auth.ReloadPlainAcl;
import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.NameServerRegistrar;
import io.hexmq.application.broker.UnregisterBrokerFromNameServers;
import io.hexmq.application.consumer.ExpireSilentClients;
import io.hexmq.application.consumer.PersistConsumerOffsets;
import io.hexmq.application.message.DelayedArrivals;
import io.hexmq.application.message.DeliverDueMessages;
import io.hexmq.application.message.DeliverDueTimerMessages;
import io.hexmq.application.message.LongPollingPulls;
import io.hexmq.application.message.TimerArrivals;
import io.hexmq.application.pop.ParkedPops;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.application.pop.ReviveExpiredPops;
import io.hexmq.application.replication.ApplyGroupWrites;
import io.hexmq.application.replication.ReplicaRoles;
import io.hexmq.application.topic.LoadTopicTable;
import io.hexmq.application.topic.SaveStagedTopics;
import io.hexmq.application.transaction.CheckPendingTransactions;
import io.hexmq.application.transaction.HalfArrivals;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.bootstrap.config.BrokerConfig;
import io.hexmq.bootstrap.config.HostPort;
import io.hexmq.bootstrap.lifecycle.DueTimeRunner;
import io.hexmq.bootstrap.lifecycle.LaunchException;
import io.hexmq.bootstrap.lifecycle.Lifecycle;
import io.hexmq.bootstrap.lifecycle.Lifecycles;
import io.hexmq.bootstrap.lifecycle.PeriodicTask;
import io.hexmq.bootstrap.lifecycle.RoleExecutors;
import io.hexmq.bootstrap.lifecycle.SystemClock;
import io.hexmq.bootstrap.wiring.AuthAdminModule;
import io.hexmq.bootstrap.wiring.AuthModule;
import io.hexmq.bootstrap.wiring.AuthState;
import io.hexmq.bootstrap.wiring.BrokerMetricsModule;
import io.hexmq.bootstrap.wiring.ConsoleWiring;
import io.hexmq.bootstrap.wiring.BrokerModule;
import io.hexmq.bootstrap.wiring.BrokerState;
import io.hexmq.bootstrap.wiring.ChronicleStoreModule;
import io.hexmq.bootstrap.wiring.CoreModule;
import io.hexmq.bootstrap.wiring.FileStoreModule;
import io.hexmq.bootstrap.wiring.GroupLogDirectory;
import io.hexmq.bootstrap.wiring.MessageStoreFactory;
import io.hexmq.bootstrap.wiring.PlainAclModule;
import io.hexmq.bootstrap.wiring.PlainAclState;
import io.hexmq.bootstrap.wiring.ReplicationModule;
import io.hexmq.bootstrap.wiring.StoreMaintenance;
import io.hexmq.bootstrap.wiring.SuppliedStoreModule;
import io.hexmq.domain.DomainException;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.SubscriptionGroupTable;
import io.hexmq.domain.consumer.SubscriptionGroups;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.pop.RequestModes;
import io.hexmq.domain.pop.port.RequestModeStore;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.port.GroupLog;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.TopicTable;
import io.hexmq.remoting.client.NettyRemotingClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running Broker: recovers its store and state, serves clients on its port and VIP port, registers
 * with every NameServer at start, every 30 s and one registrar round after its topics changed (on its
 * own {@code broker-registration} thread, so no request waits for a NameServer), and unregisters when
 * it stops.
 */
public final class BrokerNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerNode.class);
    private static final Duration PLAIN_ACL_CHECK = Duration.ofMillis(500);
    /** How often the topic change log is checked against its bound: a check compares two numbers. */
    private static final Duration TOPIC_LOG_CHECK = Duration.ofSeconds(1);
    private static final String APPLY_LEDGER = "applyLedger";
    /** A broker on its own leads, always in the same term. */
    private static final GroupRole ALONE = new GroupRole(GroupRole.Kind.LEADER, 0, Optional.empty());

    private final Lifecycles lifecycles;
    private final BrokerConfig config;
    private final NettyRemotingServer server;
    private final Optional<PrometheusEndpoint> metrics;
    private final Optional<ConsoleServer> console;
    private boolean closed;

    private BrokerNode(Lifecycles lifecycles, BrokerConfig config, NettyRemotingServer server,
                       Optional<PrometheusEndpoint> metrics, Optional<ConsoleServer> console) {
        this.lifecycles = lifecycles;
        this.config = config;
        this.server = server;
        this.metrics = metrics;
        this.console = console;
    }

    /** Wires and starts a Broker; it accepts connections and is registered when this returns. */
    public static BrokerNode start(BrokerConfig config) throws LaunchException {
        return start(config, switch (config.storeType()) {
            case FILE -> new FileStoreModule(config);
            case CHRONICLE -> new ChronicleStoreModule(config);
        });
    }

    /** As {@link #start(BrokerConfig)}, with the caller's store instead of {@code storeType}'s (benchmarks). */
    public static BrokerNode start(BrokerConfig config, MessageStoreFactory store) throws LaunchException {
        if (config.replication().isPresent()) {
            throw new LaunchException("a supplied message store cannot serve a replicated broker group");
        }
        return start(config, new SuppliedStoreModule(store));
    }

    private static BrokerNode start(BrokerConfig config, Module storeModule) throws LaunchException {
        if (config.replication().isPresent()) {
            GroupLogDirectory.recoverInterruptedInstallation(config);
        }
        // A replica's saves come from its apply thread, which also freezes and installs the state files.
        LogFileTopicConfigStore topicStore = new LogFileTopicConfigStore(
                config.stateDirectory().resolve("topics.json"),
                config.replication().isPresent() ? Compaction.IN_SAVES : Compaction.ON_TIMER);
        BrokerState state = loadState(config, topicStore, new SystemClock());
        AuthState auth = AuthState.load(config.stateDirectory().resolve("auth.json"));
        List<Module> modules = new ArrayList<>(List.of(new CoreModule(), storeModule, new BrokerModule(config, state),
                new AuthModule(config.auth(), auth), new AuthAdminModule()));
        if (config.metrics().prometheus()) {
            modules.add(new BrokerMetricsModule(config));
        }
        if (config.plainAcl().enabled()) {
            modules.add(new PlainAclModule(config.plainAcl(), PlainAclState.load(config.plainAcl().file(),
                    new SystemClock())));
        }
        Module broker = Modules.combine(modules);
        Optional<ReplicationModule> replication = config.replication().map(group -> new ReplicationModule(group,
                state, new MappedApplyLedger(config.stateDirectory().resolve(APPLY_LEDGER))));
        Injector injector = Guice.createInjector(replication.isPresent()
                ? Modules.override(broker).with(replication.get()) : broker);
        NettyRemotingServer server = injector.getInstance(Key.get(NettyRemotingServer.class, Names.named("broker")));
        NettyRemotingServer vipServer = injector.getInstance(
                Key.get(NettyRemotingServer.class, Names.named("broker-vip")));
        NettyRemotingClient outbound = injector.getInstance(
                Key.get(NettyRemotingClient.class, Names.named("broker-outbound")));
        MessageStore store = injector.getInstance(MessageStore.class);
        NameServerRegistrar registrar = injector.getInstance(NameServerRegistrar.class);
        UnregisterBrokerFromNameServers unregister = injector.getInstance(UnregisterBrokerFromNameServers.class);
        PersistConsumerOffsets persistOffsets = injector.getInstance(PersistConsumerOffsets.class);
        ExpireSilentClients expireClients = injector.getInstance(ExpireSilentClients.class);
        ClientChannels channels = injector.getInstance(ClientChannels.class);
        ScheduledExecutorService housekeeping = injector.getInstance(
                Key.get(ScheduledExecutorService.class, Names.named("broker-housekeeping")));
        LongPollingPulls longPolling = injector.getInstance(LongPollingPulls.class);
        BrokerStatistics statistics = injector.getInstance(BrokerStatistics.class);
        store.registerArrivalListener(longPolling);
        ParkedPops parkedPops = injector.getInstance(ParkedPops.class);
        store.registerArrivalListener(parkedPops);
        PopLedger popLedger = injector.getInstance(PopLedger.class);
        ReviveExpiredPops revive = injector.getInstance(ReviveExpiredPops.class);

        List<Lifecycle> components = new ArrayList<>();
        components.add(injector.getInstance(RoleExecutors.class));
        components.add(Lifecycle.of("message store", store::start, store::shutdown));
        // Stopped after everything that saves topics: topics.json then holds the whole table.
        components.add(Lifecycle.of("topic table file", () -> { }, topicStore::compactNow));
        if (replication.isEmpty()) {
            components.add(new PeriodicTask("topic change log compaction", housekeeping, TOPIC_LOG_CHECK,
                    TOPIC_LOG_CHECK, topicStore::compactIfDue));
        }
        components.add(initialUsers(injector.getInstance(CreateInitialUsers.class)));
        Clock clock = injector.getInstance(Clock.class);
        Supplier<GroupRole> role = () -> ALONE;
        if (replication.isPresent()) {
            GroupLog groupLog = injector.getInstance(GroupLog.class);
            ApplyGroupWrites applier = injector.getInstance(ApplyGroupWrites.class);
            components.add(Lifecycle.of("broker group log", () -> groupLog.start(applier), groupLog::stop));
            role = injector.getInstance(ReplicaRoles.class)::role;
        }
        LeaderOnly leaderOnly = new LeaderOnly(role, clock);
        RequestModes requestModes = injector.getInstance(RequestModes.class);
        RequestModeStore requestModeStore = injector.getInstance(RequestModeStore.class);
        components.add(Lifecycle.of("POP state", () -> {
            popLedger.recover();
            requestModes.restore(requestModeStore.load());
        }, () -> { }));
        components.add(new DueTimeRunner("POP revival",
                leaderOnly.run(() -> revive, pops -> pops.revive().nextDueMillis()),
                popLedger.checkpoints()::whenDue, clock, scheduler(injector, "broker-pop")));
        components.add(new DueTimeRunner("POP long-polling expiry", parkedPops::expireDue, parkedPops::whenDue,
                clock, scheduler(injector, "broker-pop")));
        components.add(new DueTimeRunner("delayed message delivery",
                leaderOnly.run(injector.getProvider(DeliverDueMessages.class)::get,
                        delayed -> delayed.deliver().nextDueMillis()),
                DelayedArrivals::new, store, clock, scheduler(injector, "broker-delay")));
        components.add(new DueTimeRunner("timer message delivery",
                leaderOnly.run(injector.getProvider(DeliverDueTimerMessages.class)::get,
                        timers -> timers.deliver().nextDueMillis()),
                TimerArrivals::new, store, clock, scheduler(injector, "broker-timer")));
        TransactionSettings transactionSettings = injector.getInstance(TransactionSettings.class);
        components.add(new DueTimeRunner("transaction check-back",
                leaderOnly.run(injector.getProvider(CheckPendingTransactions.class)::get,
                        transactions -> transactions.check().nextRunMillis()),
                wakeAt -> new HalfArrivals(clock, transactionSettings, wakeAt), store, clock,
                scheduler(injector, "broker-transaction")));
        SaveStagedTopics topicSaves = injector.getInstance(SaveStagedTopics.class);
        components.add(new DueTimeRunner("topic creation saves", topicSaves::saveDue, topicSaves::whenDue, clock,
                scheduler(injector, "broker-topic-save")));
        // Stopped after the server: what the last sends staged is saved before the broker exits.
        components.add(Lifecycle.of("staged topic creations", () -> { }, topicSaves::saveNow));
        components.add(Lifecycle.of("NameServer client", () -> { }, outbound::close));
        components.add(Lifecycle.of("consumer offsets", () -> { }, leaderOnly.run(persistOffsets::persist)::run));
        components.add(Lifecycle.of("broker server", server::start, server::stop));
        components.add(Lifecycle.of("broker VIP server", vipServer::start, vipServer::stop));
        Duration period = config.settings().registerNameServerPeriod();
        components.add(Lifecycle.of("NameServer registration",
                () -> logFirstRegistration(registrar.registerNow(), period), () -> {
                    registrar.stop();
                    unregister.unregister();
                }));
        components.add(new DueTimeRunner("NameServer registrar",
                () -> logOutage(registrar.runDue(), period).nextDueMillis(), registrar::whenDue, clock,
                scheduler(injector, "broker-registration")));
        if (config.plainAcl().enabled()) {
            // RocketMQ watches its ACL files twice a second; a check reads one small file.
            ReloadPlainAcl reloadAcl = injector.getInstance(ReloadPlainAcl.class);
            components.add(new PeriodicTask("ACL 1.0 file reload", housekeeping, PLAIN_ACL_CHECK, PLAIN_ACL_CHECK,
                    () -> logReload(reloadAcl.reloadIfChanged(), config.plainAcl().file())));
        }
        components.add(new PeriodicTask("long-polling expiry", housekeeping, Duration.ofSeconds(1),
                Duration.ofSeconds(1), longPolling::expireDue));
        components.add(new PeriodicTask("statistics sampling", housekeeping, Duration.ofSeconds(1),
                Duration.ofSeconds(1), statistics::sample));
        components.add(new PeriodicTask("client liveness scan", housekeeping, Duration.ofSeconds(10),
                Duration.ofSeconds(10), () -> closeAll(expireClients.expire(), channels)));
        components.add(new PeriodicTask("consumer offset flush", housekeeping,
                config.settings().flushConsumerOffsetInterval(), config.settings().flushConsumerOffsetInterval(),
                leaderOnly.run(persistOffsets::persist)));
        for (StoreMaintenance chore : injector.getInstance(new Key<Set<StoreMaintenance>>() { })) {
            components.add(new PeriodicTask(chore.name(), housekeeping, chore.period(), chore.period(), chore.task()));
        }
        Optional<PrometheusEndpoint> metrics = config.metrics().prometheus()
                ? Optional.of(injector.getInstance(PrometheusEndpoint.class)) : Optional.empty();
        metrics.ifPresent(endpoint -> components.add(Lifecycle.of("Prometheus endpoint", endpoint::start, endpoint::stop)));
        Optional<ConsoleServer> console = config.console().enabled()
                ? Optional.of(ConsoleWiring.server(injector, config, role)) : Optional.empty();
        console.ifPresent(pages -> components.add(Lifecycle.of("web console", pages::start, pages::stop)));
        Lifecycles lifecycles = new Lifecycles(components);
        lifecycles.startAll();
        BrokerNode node = new BrokerNode(lifecycles, config, server, metrics, console);
        LOG.info("Broker {} of cluster {} listening on {} (VIP port {}), store {} under {}, NameServers {}",
                config.settings().brokerName().value(), config.settings().brokerClusterName().value(),
                node.address(), config.fastListen().port(), config.storeType().name().toLowerCase(),
                config.store().storePathRootDir(), String.join(";", config.nameServers()));
        return node;
    }

    /** Before the servers: the first super users exist before the first request. */
    static Lifecycle initialUsers(CreateInitialUsers create) {
        return Lifecycle.onStart("initial users", () -> create.create().forEach(user ->
                LOG.info("Created super user {} (initAuthenticationUser / innerClientAuthenticationCredentials)",
                        user.username())));
    }

    private static void logReload(boolean reloaded, Path file) {
        if (reloaded) {
            LOG.info("ACL 1.0 accounts reloaded from {}", file);
        }
    }

    private static ScheduledExecutorService scheduler(Injector injector, String role) {
        return injector.getInstance(Key.get(ScheduledExecutorService.class, Names.named(role)));
    }

    private static BrokerState loadState(BrokerConfig config, LogFileTopicConfigStore topicStore, Clock clock)
            throws LaunchException {
        Path dir = config.stateDirectory();
        try {
            JsonSubscriptionGroupStore groupStore = new JsonSubscriptionGroupStore(dir.resolve("subscriptionGroup.json"));
            JsonConsumerOffsetStore offsetStore = new JsonConsumerOffsetStore(dir.resolve("consumerOffset.json"));
            TopicTable topics = new LoadTopicTable(topicStore, clock, config.settings(), config.trace()).load();
            SubscriptionGroups groups = new SubscriptionGroups(
                    groupStore.load().orElseGet(() -> SubscriptionGroupTable.empty(clock.millis())));
            ConsumerOffsets offsets = new ConsumerOffsets(offsetStore.load());
            return new BrokerState(topicStore, groupStore, offsetStore,
                    new JsonDelayProgressStore(dir.resolve("delayOffset.json")),
                    new JsonTimerProgressStore(dir.resolve("timerProgress.json")),
                    new JsonTransactionCheckProgressStore(dir.resolve("transactionCheck.json")),
                    topics, groups, offsets);
        } catch (DomainException e) {
            throw new LaunchException("cannot load broker state from " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void logFirstRegistration(NameServerRegistrar.Round round, Duration period) {
        if (round.problems().isEmpty()) {
            LOG.info("Registered with NameServers: {}", round.registration().orElseThrow());
        }
        logOutage(round, period);
    }

    /** One line when the NameServers stop answering and one when they answer again, however long between. */
    private static NameServerRegistrar.Round logOutage(NameServerRegistrar.Round round, Duration period) {
        switch (round.outage()) {
            case BEGAN -> LOG.warn("NameServer registration failed: {}; retrying in {} s, then at longer intervals"
                    + " up to {} s, until every NameServer answers", round.problems(),
                    NameServerRegistrar.FIRST_RETRY.toSeconds(), period.toSeconds());
            case ENDED -> LOG.info("NameServers answer the registration again: {}", round.registration().orElseThrow());
            case UNCHANGED -> LOG.debug("NameServer registration round: {}", round);
        }
        return round;
    }

    private static void closeAll(Set<ConnectionId> silent, ClientChannels channels) {
        for (ConnectionId connection : silent) {
            channels.find(connection).ifPresent(peer -> {
                LOG.info("Closing client connection {} ({}): no heartbeat within the timeout",
                        connection, peer.remoteAddress());
                peer.close();
            });
        }
    }

    public HostPort address() {
        return new HostPort(config.listen().host(), server.localAddress().getPort());
    }

    /** The port the web console is served on; empty unless {@code consoleEnable=true}. */
    public OptionalInt consolePort() {
        return console.map(pages -> OptionalInt.of(pages.port())).orElse(OptionalInt.empty());
    }

    /** The port {@code /metrics} is served on; empty unless {@code metricsExporterType=PROM}. */
    public OptionalInt metricsPort() {
        return metrics.map(endpoint -> OptionalInt.of(endpoint.port())).orElse(OptionalInt.empty());
    }

    public BrokerConfig config() {
        return config;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            lifecycles.stopAll();
            LOG.info("Broker stopped");
        }
    }
}
