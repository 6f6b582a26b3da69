package io.hexmq.client.internal.push;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.consumer.QueueAllocation;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.offsets.OffsetStore;
import io.hexmq.client.internal.offsets.StartOffsets;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.remote.Rpc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which queues a push consumer consumes, one {@link ProcessQueue} each. A rebalance shares each
 * subscribed topic's readable queues out among the group's members ({@link QueueAllocation}; a
 * broadcasting member takes them all), releases the queues assigned away and starts the new ones.
 * Orderly, it also keeps the broker locks: taken before a queue starts, renewed by
 * {@link #requestLockAll()}, given back when a queue is released and on close.
 *
 * <p>Rebalances, offset resets and lock renewals wait on brokers, so each runs on the rebalance thread;
 * that also keeps them in order, so that a reset never races the rebalance that starts or releases the
 * same queue.
 */
final class Rebalancer {

    private static final Logger LOG = LoggerFactory.getLogger(Rebalancer.class);
    private static final long RETRY_SOON_MILLIS = 1_000;
    private static final long LOCK_RETRY_DELAY_MILLIS = 1_000;
    private static final long START_RETRY_DELAY_MILLIS = 1_000;
    /** How long a release waits for the message in hand before it gives the queue's lock back anyway. */
    private static final long RELEASE_WAIT_SECONDS = 1;

    private final ClientInstance instance;
    private final PushConsumerSettings settings;
    private final Map<String, ConsumerRegistration.Subscription> subscriptions;
    private final ConsumerCalls calls;
    private final StartOffsets startOffsets;
    private final OffsetStore offsets;
    private final PushConsumerThreads threads;
    private final QueuePuller puller;
    private final ConcurrentMap<MessageQueue, ProcessQueue> processQueues = new ConcurrentHashMap<>();
    private final AtomicBoolean rebalancePending = new AtomicBoolean();
    private final AtomicBoolean retrySoonScheduled = new AtomicBoolean();

    Rebalancer(ClientInstance instance, PushConsumerSettings settings,
               Map<String, ConsumerRegistration.Subscription> subscriptions, ConsumerCalls calls, OffsetStore offsets,
               PushConsumerThreads threads, QueuePuller puller) {
        this.instance = instance;
        this.settings = settings;
        this.subscriptions = subscriptions;
        this.calls = calls;
        this.startOffsets = new StartOffsets(offsets, calls, settings.consumeFrom());
        this.offsets = offsets;
        this.threads = threads;
        this.puller = puller;
    }

    /** The queues being pulled (their start offset is known). */
    Set<MessageQueue> assignment() {
        return processQueues.values().stream().filter(ProcessQueue::isStarted).map(ProcessQueue::queue)
                .collect(Collectors.toUnmodifiableSet());
    }

    Optional<ProcessQueue> processQueue(MessageQueue queue) {
        return Optional.ofNullable(processQueues.get(queue));
    }

    /** The queues assigned now, started or not. */
    List<ProcessQueue> processQueues() {
        return List.copyOf(processQueues.values());
    }

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
                start(processQueue);
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
        String address = route.brokers().stream().map(BrokerGroup::masterAddress).flatMap(Optional::stream)
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
            idle = processQueue.consumeLock().tryLock(RELEASE_WAIT_SECONDS, TimeUnit.SECONDS);
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
     * read the start offset, then pull.
     */
    private void start(ProcessQueue processQueue) {
        if (processQueue.isDropped() || threads.isStopped()) {
            return;
        }
        MessageQueue queue = processQueue.queue();
        try {
            if (settings.orderly() && !processQueue.holdsLock(instance.clock().millis())) {
                Set<MessageQueue> locked = Rpc.await(calls.lock(settings.group(), queue.brokerName(), List.of(queue)));
                if (!locked.contains(queue)) {
                    threads.later(() -> threads.onRebalanceThread(() -> start(processQueue)), LOCK_RETRY_DELAY_MILLIS);
                    return;
                }
                processQueue.locked(instance.clock().millis());
            }
            long offset = startOffsets.of(queue);
            offsets.update(queue, offset, false);
            processQueue.started();
            puller.pull(processQueue, offset);
        } catch (HexmqClientException e) {
            LOG.debug("Starting {} for group {} failed, trying again: {}", queue, settings.group(), e.getMessage());
            threads.later(() -> threads.onRebalanceThread(() -> start(processQueue)), START_RETRY_DELAY_MILLIS);
        }
    }

    /** RESET_CONSUMER_CLIENT_OFFSET, sent when an admin resets the group's offsets of {@code topic}. */
    void requestOffsetReset(String topic, Map<MessageQueue, Long> newOffsets) {
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

    /** Renews, on the rebalance thread, the broker locks of every assigned queue (orderly). */
    void requestLockAll() {
        threads.onRebalanceThread(this::lockAll);
    }

    private void lockAll() {
        Map<String, List<ProcessQueue>> byBroker = new HashMap<>();
        processQueues.values().forEach(pq -> byBroker.computeIfAbsent(pq.queue().brokerName(), b -> new ArrayList<>())
                .add(pq));
        byBroker.forEach((brokerName, queues) -> {
            try {
                Set<MessageQueue> locked = Rpc.await(calls.lock(settings.group(), brokerName,
                        queues.stream().map(ProcessQueue::queue).toList()));
                long now = instance.clock().millis();
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

    /**
     * On close, once the rebalance thread has stopped: gives the broker locks back (orderly) without
     * waiting, and drops every queue so that late pull answers are ignored.
     */
    void dropAll() {
        if (settings.orderly()) {
            Map<String, List<MessageQueue>> byBroker = new HashMap<>();
            processQueues.keySet().forEach(queue -> byBroker.computeIfAbsent(queue.brokerName(),
                    b -> new ArrayList<>()).add(queue));
            byBroker.forEach((brokerName, queues) -> calls.unlock(settings.group(), brokerName, queues));
        }
        processQueues.values().forEach(ProcessQueue::drop);
        processQueues.clear();
    }
}
