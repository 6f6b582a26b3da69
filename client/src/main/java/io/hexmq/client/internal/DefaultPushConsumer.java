package io.hexmq.client.internal;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.PushConsumer;
import io.hexmq.client.TopicRoute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The push consumer (protocol.md §6.2). Its threads: one rebalance thread (every step that waits on a
 * broker: routes, member lists, start offsets, locks) and the consume pool (the listener). Pull
 * responses are handled on the client's callback threads and never block; delayed pulls and periodic
 * tasks go through the client's scheduler.
 *
 * <p>Per assigned queue exactly one pull is in flight: the next is issued when the answer arrives,
 * unless the queue has too many unconsumed messages cached (then it is retried shortly) or, orderly,
 * its broker lock is not held.
 */
public final class DefaultPushConsumer implements PushConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultPushConsumer.class);

    static final long PULL_DELAY_ON_ERROR_MILLIS = 1_000;
    static final long RETRY_SOON_MILLIS = 1_000;
    static final long LOCK_INTERVAL_MILLIS = 20_000;

    private final ClientInstance instance;
    private final PushConsumerSettings settings;
    private final ConsumerCalls calls;
    private final OffsetStore offsets;
    private final Map<String, ConsumerRegistration.Subscription> subscriptions;
    private final ConcurrentMap<MessageQueue, ProcessQueue> processQueues = new ConcurrentHashMap<>();
    private final PushConsumerThreads threads;
    private final QueuePuller puller;
    private final AtomicBoolean rebalancePending = new AtomicBoolean();
    private final AtomicBoolean retrySoonScheduled = new AtomicBoolean();

    public DefaultPushConsumer(ClientInstance instance, PushConsumerSettings settings) {
        this.instance = instance;
        this.settings = settings;
        this.calls = new ConsumerCalls(instance);
        this.offsets = settings.broadcasting()
                ? new LocalOffsetStore(settings.offsetStoreDir(), settings.group())
                : new RemoteOffsetStore(calls, settings.group(), instance.requestTimeoutMillis());
        long subVersion = System.currentTimeMillis();
        Map<String, ConsumerRegistration.Subscription> subs = new LinkedHashMap<>();
        settings.subscriptions().forEach((topic, expression) ->
                subs.put(topic, new ConsumerRegistration.Subscription(topic, expression, subVersion)));
        if (!settings.broadcasting()) {
            String retryTopic = ConsumerCalls.retryTopic(settings.group());
            subs.put(retryTopic, new ConsumerRegistration.Subscription(retryTopic, "*", subVersion));
        }
        this.subscriptions = Map.copyOf(subs);
        this.threads = new PushConsumerThreads(settings.group(), settings.consumeThreads(), instance.scheduler());
        ConsumeOutcomes outcomes = new ConsumeOutcomes(settings, calls, offsets);
        ConsumeService consumeService = settings.orderly() ? new OrderlyConsumeService(settings, threads, outcomes)
                : new ConcurrentConsumeService(settings.broadcasting(), threads, outcomes);
        this.puller = new QueuePuller(instance, settings, subscriptions, calls, offsets, threads, consumeService);
        try {
            instance.claimConsumerGroup(settings.group(), this::requestRebalance, this::requestOffsetReset);
        } catch (RuntimeException e) {
            threads.stop();
            throw e;
        }
        try {
            instance.addComponent(this);
            start();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
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
        threads.every(this::requestRebalance, settings.rebalanceInterval().toMillis());
        threads.every(BackgroundTasks.loggingFailures(LOG, "Consumer offset commit",
                () -> offsets.persistAll(false)), settings.commitInterval().toMillis());
        if (settings.orderly()) {
            threads.every(this::requestLockAll, LOCK_INTERVAL_MILLIS);
        }
        requestRebalance();
    }

    private ConsumerRegistration registration() {
        return new ConsumerRegistration(settings.group(), "CONSUME_PASSIVELY",
                settings.broadcasting() ? "BROADCASTING" : "CLUSTERING", settings.consumeFrom().where().wireName(),
                List.copyOf(subscriptions.values()));
    }

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public Set<MessageQueue> assignment() {
        return processQueues.values().stream().filter(ProcessQueue::isStarted).map(ProcessQueue::queue)
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /**
     * Where one assigned queue stands, empty if it is not assigned: for diagnostics and tests, not part
     * of the SDK's API ({@link PushConsumer} does not offer it).
     */
    public Optional<QueueState> queueState(MessageQueue queue) {
        ProcessQueue processQueue = processQueues.get(queue);
        return processQueue == null ? Optional.empty() : Optional.of(new QueueState(
                processQueue.size(), processQueue.pulls(), processQueue.flowControlPauses()));
    }

    /**
     * A snapshot of an assigned queue: messages pulled and not yet consumed, PULL_MESSAGE requests sent,
     * and pulls put off because {@code cachedMessages} had reached maxCachedMessagesPerQueue.
     */
    public record QueueState(int cachedMessages, long pulls, long flowControlPauses) {
    }

    // ---- rebalance -------------------------------------------------------------------------------

    /** Runs a rebalance on the rebalance thread soon; requests made while one is pending are merged. */
    void requestRebalance() {
        if (threads.isStopped() || !rebalancePending.compareAndSet(false, true)) {
            return;
        }
        threads.onRebalanceThread(() -> {
            rebalancePending.set(false);
            rebalance();
        });
    }

    private void rebalance() {
        boolean incomplete = false;
        Set<String> decidedTopics = new HashSet<>();
        Set<MessageQueue> wanted = new HashSet<>();
        for (ConsumerRegistration.Subscription subscription : subscriptions.values()) {
            if (threads.isStopped()) {
                return;
            }
            try {
                wanted.addAll(allocate(subscription.topic()));
                decidedTopics.add(subscription.topic());
            } catch (HexmqClientException e) {
                incomplete = true;
                LOG.debug("Rebalance of topic {} for group {} skipped: {}", subscription.topic(), settings.group(),
                        e.getMessage());
            }
        }
        for (ProcessQueue processQueue : List.copyOf(processQueues.values())) {
            MessageQueue queue = processQueue.queue();
            if (decidedTopics.contains(queue.topic()) && !wanted.contains(queue)) {
                release(processQueue);
            }
        }
        for (MessageQueue queue : wanted) {
            if (!processQueues.containsKey(queue) && !threads.isStopped()) {
                ProcessQueue processQueue = new ProcessQueue(queue);
                processQueues.put(queue, processQueue);
                LOG.debug("Group {} now consumes {}", settings.group(), queue);
                beginPulling(processQueue);
            }
        }
        if (incomplete) {
            retrySoon();
        }
    }

    /** This member's share of the topic's readable queues; throws when the route or members are unknown. */
    private List<MessageQueue> allocate(String topic) {
        TopicRoute route = Rpc.await(instance.routes().route(topic));
        List<MessageQueue> all = QueueAllocation.readableQueues(topic, route);
        if (settings.broadcasting() || all.isEmpty()) {
            return all;
        }
        String address = route.brokers().stream().map(BrokerGroup::masterAddress).flatMap(java.util.Optional::stream)
                .findFirst().orElseThrow(() -> new HexmqClientException(HexmqClientException.NO_ROUTE,
                        "topic " + topic + " has no broker master"));
        List<String> members = Rpc.await(calls.consumerIds(address, settings.group()));
        if (!members.contains(instance.clientId())) {
            // The broker has not seen our heartbeat yet (or forgot us): announce ourselves, try again soon.
            instance.heartbeat();
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "the broker does not list this member");
        }
        return QueueAllocation.averagely(all, members, instance.clientId());
    }

    /** A queue assigned away: stop it, commit its offset, and (orderly) give its broker lock back. */
    private void release(ProcessQueue processQueue) {
        processQueues.remove(processQueue.queue(), processQueue);
        processQueue.drop();
        LOG.debug("Group {} no longer consumes {}", settings.group(), processQueue.queue());
        if (!settings.orderly()) {
            offsets.persistAndRemove(processQueue.queue());
            return;
        }
        // Wait for the message being consumed, so that its offset is committed before another member locks.
        boolean idle = false;
        try {
            idle = processQueue.consumeLock().tryLock(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            offsets.persistAndRemove(processQueue.queue());
            calls.unlock(settings.group(), processQueue.queue().brokerName(), List.of(processQueue.queue()));
            processQueue.unlocked();
        } finally {
            if (idle) {
                processQueue.consumeLock().unlock();
            }
        }
    }

    /** One more rebalance in a second when this one could not decide every topic (routes appear late). */
    private void retrySoon() {
        if (threads.isStopped() || !retrySoonScheduled.compareAndSet(false, true)) {
            return;
        }
        threads.later(() -> {
            retrySoonScheduled.set(false);
            requestRebalance();
        }, RETRY_SOON_MILLIS);
    }

    /**
     * Starts a newly assigned queue (on the rebalance thread): orderly, take the broker lock first; then
     * read the start offset (the group's, or per consumeFromWhere), then pull.
     */
    private void beginPulling(ProcessQueue processQueue) {
        if (processQueue.isDropped() || threads.isStopped()) {
            return;
        }
        MessageQueue queue = processQueue.queue();
        try {
            if (settings.orderly() && !processQueue.holdsLock(now())) {
                Set<MessageQueue> locked = Rpc.await(calls.lock(settings.group(), queue.brokerName(), List.of(queue)));
                if (!locked.contains(queue)) {
                    threads.later(() -> threads.onRebalanceThread(() -> beginPulling(processQueue)),
                            RETRY_SOON_MILLIS);
                    return;
                }
                processQueue.locked(now());
            }
            long offset = startOffset(queue);
            offsets.update(queue, offset, false);
            processQueue.started();
            puller.pull(processQueue, offset);
        } catch (HexmqClientException e) {
            LOG.debug("Starting {} for group {} failed, trying again: {}", queue, settings.group(), e.getMessage());
            threads.later(() -> threads.onRebalanceThread(() -> beginPulling(processQueue)),
                    PULL_DELAY_ON_ERROR_MILLIS);
        }
    }

    private long startOffset(MessageQueue queue) {
        OptionalLong stored = offsets.readStored(queue);
        if (stored.isPresent() && stored.getAsLong() >= 0) {
            return stored.getAsLong();
        }
        boolean retryTopic = queue.topic().startsWith("%RETRY%");
        return switch (settings.consumeFrom().where()) {
            case FIRST_OFFSET -> 0L;
            case LAST_OFFSET -> retryTopic ? 0L : Rpc.await(calls.maxOffset(queue));
            case TIMESTAMP -> retryTopic ? Rpc.await(calls.maxOffset(queue))
                    : Rpc.await(calls.searchOffset(queue, settings.consumeFrom().timestamp().toEpochMilli()));
        };
    }

    // ---- offset reset by an admin --------------------------------------------------------------

    /** RESET_CONSUMER_CLIENT_OFFSET: handled on the rebalance thread, in order with rebalances. */
    private void requestOffsetReset(String topic, Map<MessageQueue, Long> newOffsets) {
        if (!subscriptions.containsKey(topic)) {
            return;
        }
        threads.onRebalanceThread(() -> resetOffsets(newOffsets));
    }

    /**
     * Moves each listed queue this member consumes to its new offset: the queue's cached messages are
     * dropped (their late results are ignored), the offset is committed, and pulling starts afresh there.
     */
    private void resetOffsets(Map<MessageQueue, Long> newOffsets) {
        newOffsets.forEach((queue, offset) -> {
            ProcessQueue old = processQueues.get(queue);
            if (old == null || threads.isStopped()) {
                return;
            }
            old.drop();
            ProcessQueue fresh = new ProcessQueue(queue);
            processQueues.replace(queue, old, fresh);
            offsets.update(queue, offset, false);
            LOG.info("Group {} moves {} to offset {} (reset by an admin)", settings.group(), queue, offset);
            fresh.started();
            puller.pull(fresh, offset);
        });
        offsets.persistAll(false);
    }

    // ---- orderly locks ---------------------------------------------------------------------------

    private void requestLockAll() {
        threads.onRebalanceThread(this::lockAll);
    }

    /** Renews the broker locks of every assigned queue (orderly), per broker group. */
    private void lockAll() {
        Map<String, List<ProcessQueue>> byBroker = new HashMap<>();
        processQueues.values().forEach(pq -> byBroker.computeIfAbsent(pq.queue().brokerName(), b -> new ArrayList<>())
                .add(pq));
        byBroker.forEach((brokerName, queues) -> {
            try {
                Set<MessageQueue> locked = Rpc.await(calls.lock(settings.group(), brokerName,
                        queues.stream().map(ProcessQueue::queue).toList()));
                long now = now();
                for (ProcessQueue pq : queues) {
                    if (locked.contains(pq.queue())) {
                        pq.locked(now);
                    } else {
                        pq.unlocked();
                    }
                }
            } catch (HexmqClientException e) {
                LOG.debug("Locking the queues of group {} on {} failed: {}", settings.group(), brokerName,
                        e.getMessage());
            }
        });
    }

    private static long now() {
        return System.currentTimeMillis();
    }

    @Override
    public void close() {
        if (!threads.stop()) {
            return;
        }
        offsets.persistAll(true);
        if (settings.orderly()) {
            Map<String, List<MessageQueue>> byBroker = new HashMap<>();
            processQueues.keySet().forEach(queue -> byBroker.computeIfAbsent(queue.brokerName(),
                    b -> new ArrayList<>()).add(queue));
            byBroker.forEach((brokerName, queues) -> calls.unlock(settings.group(), brokerName, queues));
        }
        processQueues.values().forEach(ProcessQueue::drop);
        processQueues.clear();
        instance.releaseConsumerGroup(settings.group());
        instance.removeComponent(this);
    }

    @Override
    public String toString() {
        return "PushConsumer[" + settings.group() + "]";
    }
}
