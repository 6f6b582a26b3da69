package io.hexmq.client.internal.instance;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.relay.ConsumeDirectlyRequests;
import io.hexmq.client.internal.relay.ConsumerAdminAnswers;
import io.hexmq.client.internal.relay.PushConsumerLookup;
import io.hexmq.client.internal.relay.RunningInfoRequests;
import io.hexmq.client.internal.relay.ThreadStacks;
import io.hexmq.client.internal.remote.Bodies;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.client.internal.remote.Transport;
import io.hexmq.client.internal.route.NameServers;
import io.hexmq.client.internal.route.RouteCache;
import io.hexmq.domain.message.UniqueKeyGenerator;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client: one transport (a connection per server), one client id ({@code ip@instance}), the
 * NameServer list, the route cache, the groups it registers with brokers, and the client's threads:
 * one scheduler (route refresh and heartbeats) and a small callback pool (async results and broker
 * requests), all from its {@link ClientRuntime}. {@link #close()} unregisters every group and ends them.
 *
 * <p>Producers and consumers share it; each registers its group so that heartbeats announce it.
 * Producer-only clients heartbeat the masters; once a consumer is registered, every broker.
 */
public final class ClientInstance implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClientInstance.class);
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final long CLOSE_GRACE_MILLIS = 5_000;

    private final ClientSettings settings;
    private final ClientClock clock;
    private final String clientId;
    private final UniqueKeyGenerator uniqueKeys;
    private final ExecutorService callbacks;
    private final ScheduledExecutorService scheduler;
    private final BrokerRequests brokerRequests = new BrokerRequests();
    private final Transport remoting;
    private final Rpc rpc;
    private final NameServers nameServers;
    private final RouteCache routes;
    private final Set<String> producerGroups = ConcurrentHashMap.newKeySet();
    private final Map<String, ConsumerRegistration> consumers = new ConcurrentHashMap<>();
    private final Map<String, Runnable> consumerGroups = new ConcurrentHashMap<>();
    private final Map<String, OffsetResetListener> offsetResets = new ConcurrentHashMap<>();
    private final Map<String, ConsumerAdminAnswers> adminAnswers = new ConcurrentHashMap<>();
    private final Set<AutoCloseable> components = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();

    public ClientInstance(ClientSettings settings) {
        this(settings, ClientRuntime.of(settings));
    }

    /** A client on {@code runtime}, which it owns from now on: {@link #close()} ends it. */
    public ClientInstance(ClientSettings settings, ClientRuntime runtime) {
        this.settings = settings;
        this.clock = runtime.clock();
        int number = INSTANCES.incrementAndGet();
        long pid = ProcessHandle.current().pid();
        String instanceName = settings.instanceName() != null ? settings.instanceName() : pid + "#" + number
                + "#" + clock.nanos();
        byte[] ip = LocalAddress.ipv4();
        this.clientId = LocalAddress.text(ip) + "@" + instanceName;
        this.uniqueKeys = new UniqueKeyGenerator(ip, pid, clientId.hashCode(), clock::millis, ZoneId.systemDefault());
        this.callbacks = runtime.callbacks();
        this.scheduler = runtime.scheduler();
        this.remoting = runtime.transport().apply(brokerRequests.dispatcher(callbacks));
        this.rpc = new Rpc(remoting);
        brokerRequests.register(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, this::consumerIdsChanged);
        brokerRequests.register(RequestCode.RESET_CONSUMER_CLIENT_OFFSET, this::offsetsReset);
        PushConsumerLookup pushConsumers = new PushConsumerLookup(clientId, this::adminAnswers);
        brokerRequests.register(RequestCode.GET_CONSUMER_RUNNING_INFO, new RunningInfoRequests(pushConsumers,
                () -> ThreadStacks.of(Thread.getAllStackTraces())));
        brokerRequests.register(RequestCode.CONSUME_MESSAGE_DIRECTLY, new ConsumeDirectlyRequests(pushConsumers));
        this.nameServers = new NameServers(settings.nameServers(), rpc);
        this.routes = new RouteCache(nameServers, requestTimeoutMillis(), this::heartbeatNewBroker);
        long refresh = settings.routeRefreshInterval().toMillis();
        long heartbeat = settings.heartbeatInterval().toMillis();
        scheduler.scheduleWithFixedDelay(BackgroundTasks.loggingFailures(LOG, "Periodic route refresh",
                routes::refreshAll), refresh, refresh, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(BackgroundTasks.loggingFailures(LOG, "Periodic heartbeat",
                this::heartbeat), heartbeat, heartbeat, TimeUnit.MILLISECONDS);
    }

    public String clientId() {
        return clientId;
    }

    public long requestTimeoutMillis() {
        return settings.requestTimeout().toMillis();
    }

    /** A fresh {@code UNIQ_KEY}. */
    public String nextUniqueId() {
        return uniqueKeys.next();
    }

    public Rpc rpc() {
        return rpc;
    }

    public NameServers nameServers() {
        return nameServers;
    }

    public RouteCache routes() {
        return routes;
    }

    /** The client's time, which its producers and consumers read too. */
    public ClientClock clock() {
        return clock;
    }

    /** Where async results are completed: never the I/O threads. */
    public ExecutorService callbackExecutor() {
        return callbacks;
    }

    /** The client's one scheduler, for periodic work of producers and consumers; ended by {@link #close()}. */
    public ScheduledExecutorService scheduler() {
        return scheduler;
    }

    /** Serves a request code brokers send to clients (e.g. NOTIFY_CONSUMER_IDS_CHANGED). */
    public void serveBrokerRequest(int requestCode, RequestHandler handler) {
        brokerRequests.register(requestCode, handler);
    }

    public void stopServingBrokerRequest(int requestCode, RequestHandler handler) {
        brokerRequests.unregister(requestCode, handler);
    }

    /** Adds a producer group to the heartbeats and sends one now. */
    public void registerProducer(String group) {
        requireOpen();
        if (!producerGroups.add(group)) {
            throw new IllegalStateException("producer group " + group + " already has a producer in this client");
        }
        heartbeat();
    }

    public void unregisterProducer(String group) {
        if (producerGroups.remove(group)) {
            unregisterEverywhere(UnregisterClientHeader.PRODUCER_GROUP, group);
        }
    }

    /**
     * Reserves {@code group} for one consumer of this client; {@code onIdsChanged} runs (on a callback
     * thread) when a broker tells that the group's members changed (NOTIFY_CONSUMER_IDS_CHANGED).
     */
    public void claimConsumerGroup(String group, Runnable onIdsChanged) {
        claimConsumerGroup(group, onIdsChanged, (topic, offsets) -> { });
    }

    /**
     * As {@link #claimConsumerGroup(String, Runnable)}; {@code onOffsetReset} runs (on a callback thread)
     * when a broker tells the group to move to new offsets (RESET_CONSUMER_CLIENT_OFFSET, sent when an
     * admin resets the group's offsets by time).
     */
    public void claimConsumerGroup(String group, Runnable onIdsChanged, OffsetResetListener onOffsetReset) {
        requireOpen();
        if (consumerGroups.putIfAbsent(group, onIdsChanged) != null) {
            throw new IllegalStateException("consumer group " + group + " already has a consumer in this client");
        }
        offsetResets.put(group, onOffsetReset);
    }

    /**
     * Lets a claimed group's push consumer answer the admin questions brokers relay (running info,
     * consume a message directly) until {@link #releaseConsumerGroup}; a group without answers is
     * refused with SYSTEM_ERROR.
     */
    public void answerAdminQuestions(String group, ConsumerAdminAnswers answers) {
        if (!consumerGroups.containsKey(group)) {
            throw new IllegalStateException("consumer group " + group + " is not claimed in this client");
        }
        adminAnswers.put(group, answers);
    }

    private Optional<ConsumerAdminAnswers> adminAnswers(String group) {
        return Optional.ofNullable(adminAnswers.get(group));
    }

    /** The NameServer addresses this client was given. */
    public List<String> nameServerAddresses() {
        return nameServers.addresses();
    }

    /** Ends the claim of {@link #claimConsumerGroup} and unregisters the group from the brokers. */
    public void releaseConsumerGroup(String group) {
        consumerGroups.remove(group);
        offsetResets.remove(group);
        adminAnswers.remove(group);
        unregisterConsumer(group);
    }

    /** What a consumer does when a broker resets its group's offsets of one topic. */
    @FunctionalInterface
    public interface OffsetResetListener {
        void reset(String topic, Map<MessageQueue, Long> offsets);
    }

    /** RESET_CONSUMER_CLIENT_OFFSET: header {@code group}, {@code topic}; body ResetOffsetBody (oneway). */
    private CompletableFuture<RemotingCommand> offsetsReset(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        String group = header.has(ResetOffsetHeader.GROUP) ? header.stringOf(ResetOffsetHeader.GROUP) : null;
        OffsetResetListener listener = group == null ? null : offsetResets.get(group);
        String topic = header.has(ResetOffsetHeader.TOPIC) ? header.stringOf(ResetOffsetHeader.TOPIC) : null;
        if (listener != null && topic != null && request.body() != null) {
            try {
                listener.reset(topic, Bodies.resetOffsetTable(request.body()));
            } catch (HexmqClientException malformed) {
                LOG.warn("Ignoring an offset reset of group {} from {}: {}", group, context.remoteAddress(),
                        malformed.getMessage());
            }
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }

    private CompletableFuture<RemotingCommand> consumerIdsChanged(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        Runnable listener = header.has(ConsumerGroupHeader.CONSUMER_GROUP)
                ? consumerGroups.get(header.stringOf(ConsumerGroupHeader.CONSUMER_GROUP)) : null;
        if (listener != null) {
            listener.run();
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }

    /** A consumer with threads of its own, closed first when the client closes (consumers remove themselves). */
    public void addComponent(AutoCloseable component) {
        requireOpen();
        components.add(component);
    }

    public void removeComponent(AutoCloseable component) {
        components.remove(component);
    }

    /** Adds (or replaces) a consumer group in the heartbeats and sends one now. */
    public CompletableFuture<Void> registerConsumer(ConsumerRegistration registration) {
        requireOpen();
        consumers.put(registration.group(), registration);
        return heartbeat();
    }

    public void unregisterConsumer(String group) {
        if (consumers.remove(group) != null) {
            unregisterEverywhere(UnregisterClientHeader.CONSUMER_GROUP, group);
        }
    }

    /** Sends a heartbeat to every broker the routes name (masters only while no consumer is registered). */
    public CompletableFuture<Void> heartbeat() {
        Set<String> targets = consumers.isEmpty() ? routes.masterAddresses() : routes.allAddresses();
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (String address : targets) {
            sent.add(heartbeat(address));
        }
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
    }

    private CompletableFuture<?> heartbeat(String address) {
        if (producerGroups.isEmpty() && consumers.isEmpty() || closed.get()) {
            return CompletableFuture.completedFuture(null);
        }
        RemotingCommand request = RemotingCommand.request(RequestCode.HEART_BEAT)
                .body(Bodies.heartbeat(clientId, Set.copyOf(producerGroups), List.copyOf(consumers.values())))
                .build();
        return rpc.invokeExpectingSuccess(address, request, requestTimeoutMillis()).whenComplete((ok, failure) -> {
            if (failure != null) {
                LOG.debug("Heartbeat to {} failed: {}", address, Rpc.unwrap(failure).getMessage());
            }
        });
    }

    private void heartbeatNewBroker(BrokerGroup broker) {
        Set<String> targets = new LinkedHashSet<>();
        if (consumers.isEmpty()) {
            broker.masterAddress().ifPresent(targets::add);
        } else {
            targets.addAll(broker.addresses().values());
        }
        targets.forEach(this::heartbeat);
    }

    /** UNREGISTER_CLIENT for one group to every known broker; waits (bounded), failures only logged. */
    private void unregisterEverywhere(HeaderField<String> groupField, String group) {
        List<CompletableFuture<?>> sent = new ArrayList<>();
        for (String address : routes.allAddresses()) {
            RemotingCommand request = RemotingCommand.request(RequestCode.UNREGISTER_CLIENT)
                    .extField(UnregisterClientHeader.CLIENT_ID, clientId)
                    .extField(groupField, group)
                    .build();
            sent.add(rpc.invokeExpectingSuccess(address, request, requestTimeoutMillis())
                    .exceptionally(failure -> {
                        LOG.debug("Unregistering {} {} from {} failed: {}", groupField, group, address,
                                Rpc.unwrap(failure).getMessage());
                        return null;
                    }));
        }
        try {
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new))
                    .get(requestTimeoutMillis() + CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            LOG.debug("Unregistering {} {} did not finish: {}", groupField, group, e.toString());
        }
    }

    public void requireOpen() {
        if (closed.get()) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "the client is closed");
        }
    }

    public boolean isClosed() {
        return closed.get();
    }

    /** Unregisters every group, then ends the scheduler, the connections and the callback threads. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (AutoCloseable component : List.copyOf(components)) {
            try {
                component.close();
            } catch (Exception e) {
                LOG.warn("Closing {} failed", component, e);
            }
        }
        scheduler.shutdownNow();
        for (String group : List.copyOf(consumers.keySet())) {
            consumers.remove(group);
            unregisterEverywhere(UnregisterClientHeader.CONSUMER_GROUP, group);
        }
        for (String group : List.copyOf(producerGroups)) {
            producerGroups.remove(group);
            unregisterEverywhere(UnregisterClientHeader.PRODUCER_GROUP, group);
        }
        remoting.close();
        callbacks.shutdown();
        try {
            if (!callbacks.awaitTermination(CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                callbacks.shutdownNow();
            }
            scheduler.awaitTermination(CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            callbacks.shutdownNow();
        }
    }
}
