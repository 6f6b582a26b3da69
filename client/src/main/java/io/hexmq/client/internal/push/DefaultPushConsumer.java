package io.hexmq.client.internal.push;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.instance.BackgroundTasks;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.offsets.LocalOffsetStore;
import io.hexmq.client.internal.offsets.OffsetStore;
import io.hexmq.client.internal.offsets.RemoteOffsetStore;
import io.hexmq.client.internal.relay.ConsumerAdminAnswers;
import io.hexmq.client.internal.relay.DirectConsumption;
import io.hexmq.client.internal.trace.ConsumeTracing;
import io.hexmq.client.internal.relay.RunningInfo;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.remote.Rpc;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The push consumer (protocol.md §6.2): wires its parts and owns their lifecycle. {@link Rebalancer}
 * decides which queues this member consumes (and, orderly, holds their broker locks), {@link QueuePuller}
 * keeps one pull in flight per queue, a {@link ConsumeService} hands the messages to the listener, and
 * {@link PushConsumerThreads} runs them all. Starting registers the group, heartbeats the brokers and
 * schedules the periodic rebalance, offset commit and (orderly) lock renewal; closing stops the threads
 * first, then commits the offsets and gives the queues and the group up. While it runs it answers the
 * admin questions brokers relay: its {@link RunningInfo} and what its listener makes of a message an
 * admin hands it ({@link DirectConsumption}).
 */
public final class DefaultPushConsumer implements PushConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultPushConsumer.class);

    /** Well within {@link ProcessQueue#LOCK_TRUST_MILLIS}, so that a held lock is renewed before it lapses. */
    private static final long LOCK_RENEWAL_INTERVAL_MILLIS = 20_000;

    private final ClientInstance instance;
    private final PushConsumerSettings settings;
    private final OffsetStore offsets;
    private final Map<String, ConsumerRegistration.Subscription> subscriptions;
    private final PushConsumerThreads threads;
    private final Rebalancer rebalancer;
    private final DirectConsumption directConsumption;
    private final long startedAtMillis;
    private final ConsumeTracing tracing;

    public DefaultPushConsumer(ClientInstance instance, PushConsumerSettings settings) {
        this(instance, settings, ConsumeTracing.off(settings.group()));
    }

    public DefaultPushConsumer(ClientInstance instance, PushConsumerSettings settings, ConsumeTracing tracing) {
        this.instance = instance;
        this.settings = settings;
        this.tracing = tracing;
        this.startedAtMillis = instance.clock().millis();
        this.directConsumption = new DirectConsumption(settings.group(), settings.listener(), settings.orderly(),
                instance.clock()::nanos);
        ConsumerCalls calls = new ConsumerCalls(instance);
        this.offsets = settings.broadcasting()
                ? new LocalOffsetStore(settings.offsetStoreDir(), settings.group())
                : new RemoteOffsetStore(calls, settings.group(), instance.requestTimeoutMillis());
        this.subscriptions = subscriptions(settings, instance.clock().millis());
        this.threads = new PushConsumerThreads(settings.group(), settings.consumeThreads(), instance.scheduler());
        ConsumeOutcomes outcomes = new ConsumeOutcomes(settings, calls, offsets, instance.clock(), tracing);
        ConsumeService consumeService = settings.orderly()
                ? new OrderlyConsumeService(settings, threads, outcomes, instance.clock())
                : new ConcurrentConsumeService(settings.broadcasting(), threads, outcomes);
        QueuePuller puller = new QueuePuller(instance, settings, subscriptions, calls, offsets, threads,
                consumeService);
        this.rebalancer = new Rebalancer(instance, settings, subscriptions, calls, offsets, threads, puller);
        try {
            instance.claimConsumerGroup(settings.group(), rebalancer::requestRebalance,
                    rebalancer::requestOffsetReset);
        } catch (RuntimeException e) {
            threads.stop();
            tracing.close();
            throw e;
        }
        try {
            instance.answerAdminQuestions(settings.group(), new ConsumerAdminAnswers(this::runningInfo,
                    this::consumeDirectly));
            instance.addComponent(this);
            start();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The settings' subscriptions and, clustering, the group's retry topic, where failed messages return. */
    private static Map<String, ConsumerRegistration.Subscription> subscriptions(PushConsumerSettings settings,
                                                                              long subVersion) {
        Map<String, ConsumerRegistration.Subscription> subs = new LinkedHashMap<>();
        settings.subscriptions().forEach((topic, expression) ->
                subs.put(topic, new ConsumerRegistration.Subscription(topic, expression, subVersion)));
        if (!settings.broadcasting()) {
            String retryTopic = ConsumerCalls.retryTopic(settings.group());
            subs.put(retryTopic, new ConsumerRegistration.Subscription(retryTopic, "*", subVersion));
        }
        return Map.copyOf(subs);
    }

    private void start() {
        instance.registerConsumer(registration());
        for (String topic : subscriptions.keySet()) {
            try {
                instance.routes().route(topic).get(instance.requestTimeoutMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "interrupted while starting", e);
            } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
                // The retry topic exists only after the first heartbeat; rebalance fetches it again.
                LOG.debug("No route of {} yet: {}", topic, Rpc.unwrap(e).getMessage());
            }
        }
        // Pulls need the broker to know the subscriptions: heartbeat every broker the routes name first.
        // A broker that does not answer now hears the periodic heartbeat later; its queues wait until then.
        try {
            Rpc.await(instance.heartbeat());
        } catch (HexmqClientException e) {
            LOG.warn("Group {} could not announce itself to every broker yet: {}", settings.group(), e.getMessage());
        }
        threads.every(rebalancer::requestRebalance, settings.rebalanceInterval().toMillis());
        threads.every(BackgroundTasks.loggingFailures(LOG, "Consumer offset commit",
                () -> offsets.persistAll(false)), settings.commitInterval().toMillis());
        if (settings.orderly()) {
            threads.every(rebalancer::requestLockAll, LOCK_RENEWAL_INTERVAL_MILLIS);
        }
        rebalancer.requestRebalance();
    }

    private ConsumerRegistration registration() {
        return new ConsumerRegistration(settings.group(), "CONSUME_PASSIVELY",
                settings.broadcasting() ? "BROADCASTING" : "CLUSTERING", settings.consumeFrom().where().wireName(),
                List.copyOf(subscriptions.values()));
    }

    /** What {@code mqadmin consumerStatus} shows of this consumer: its settings, subscriptions and queues. */
    private RunningInfo runningInfo() {
        ConsumerRegistration registration = registration();
        SortedMap<String, String> properties = new TreeMap<>();
        properties.put(RunningInfo.PROP_CONSUME_TYPE, registration.consumeType());
        properties.put(RunningInfo.PROP_CONSUME_ORDERLY, String.valueOf(settings.orderly()));
        properties.put(RunningInfo.PROP_THREADPOOL_CORE_SIZE, String.valueOf(settings.consumeThreads()));
        properties.put(RunningInfo.PROP_CONSUMER_START_TIMESTAMP, String.valueOf(startedAtMillis));
        String nameServers = String.join(";", instance.nameServerAddresses());
        properties.put(RunningInfo.PROP_NAMESERVER_ADDR, nameServers);
        // The rest under the names of the official push consumer's settings, which admins know.
        properties.put("namesrvAddr", nameServers);
        properties.put("consumerGroup", settings.group());
        properties.put("messageModel", registration.messageModel());
        properties.put("consumeFromWhere", registration.consumeFromWhere());
        properties.put("consumeThreadMin", String.valueOf(settings.consumeThreads()));
        properties.put("consumeThreadMax", String.valueOf(settings.consumeThreads()));
        properties.put("pullBatchSize", String.valueOf(settings.pullBatchSize()));
        properties.put("pullThresholdForQueue", String.valueOf(settings.maxCachedMessagesPerQueue()));
        properties.put("maxReconsumeTimes", String.valueOf(settings.maxReconsumeTimes()));
        properties.put("persistConsumerOffsetInterval", String.valueOf(settings.commitInterval().toMillis()));
        properties.put("suspendCurrentQueueTimeMillis", String.valueOf(settings.orderlySuspend().toMillis()));
        properties.put("instanceName", instance.clientId().substring(instance.clientId().indexOf('@') + 1));
        long now = instance.clock().millis();
        SortedMap<MessageQueue, RunningInfo.QueueInfo> queues = new TreeMap<>();
        for (ProcessQueue processQueue : rebalancer.processQueues()) {
            queues.put(processQueue.queue(), new RunningInfo.QueueInfo(offsets.current(processQueue.queue()),
                    processQueue.snapshot(now)));
        }
        return new RunningInfo(properties, registration.subscriptions(), queues, null);
    }

    /** An admin's message for the listener, on a consume thread as any other message. */
    private CompletableFuture<DirectConsumption.Result> consumeDirectly(ReceivedMessage message) {
        ReceivedMessage asSent = ConsumerCalls.withOriginalTopic(message, settings.group());
        return threads.supplyOnConsumeThread(() -> directConsumption.consume(asSent));
    }

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public Set<MessageQueue> assignment() {
        return rebalancer.assignment();
    }

    /**
     * Where one assigned queue stands, empty if it is not assigned: for diagnostics and tests, not part
     * of the SDK's API ({@link PushConsumer} does not offer it).
     */
    public Optional<QueueState> queueState(MessageQueue queue) {
        return rebalancer.processQueue(queue).map(processQueue -> new QueueState(processQueue.size(),
                processQueue.pulls(), processQueue.flowControlPauses()));
    }

    /**
     * A snapshot of an assigned queue: messages pulled and not yet consumed, PULL_MESSAGE requests sent,
     * and pulls put off because {@code cachedMessages} had reached maxCachedMessagesPerQueue.
     */
    public record QueueState(int cachedMessages, long pulls, long flowControlPauses) {
    }

    @Override
    public void close() {
        if (!threads.stop()) {
            return;
        }
        offsets.persistAll(true);
        rebalancer.dropAll();
        instance.releaseConsumerGroup(settings.group());
        instance.removeComponent(this);
        tracing.close();
    }

    @Override
    public String toString() {
        return "PushConsumer[" + settings.group() + "]";
    }
}
