package io.hexmq.client.internal.pull;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.PullConsumer;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.consumer.PullResult;
import io.hexmq.client.internal.consumer.QueueAllocation;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.remote.Rpc;
import io.hexmq.domain.message.PullSysFlag;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pull consumer. Each assigned queue keeps a position (next offset {@link #poll} returns), a fetch
 * offset (where the next pull starts) and a small buffer. A queue whose buffer is below one batch has
 * one long-polling PULL_MESSAGE in flight (suspend 20 s, with its subscription {@code *}, as RocketMQ's
 * lite pull consumer sends it); answers fill the buffer and wake {@link #poll}. A seek bumps the queue's
 * epoch, so answers of pulls sent before it are ignored.
 *
 * <p>All state is guarded by one lock; pull answers are handled on the client's callback threads.
 */
public final class DefaultPullConsumer implements PullConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(DefaultPullConsumer.class);

    static final long SUSPEND_MILLIS = 20_000;
    static final long PULL_TIMEOUT_MILLIS = 30_000;
    static final long RETRY_DELAY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final class QueueState {
        private long position;
        private long fetchOffset;
        private int epoch;
        private boolean inFlight;
        private long retryAtNanos = Long.MIN_VALUE;
        private final ArrayDeque<ReceivedMessage> buffered = new ArrayDeque<>();

        QueueState(long offset) {
            this.position = offset;
            this.fetchOffset = offset;
        }
    }

    private final ClientInstance instance;
    private final PullConsumerSettings settings;
    private final ConsumerCalls calls;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final Map<MessageQueue, QueueState> assigned = new LinkedHashMap<>();
    private int rotation;
    private boolean closed;

    public DefaultPullConsumer(ClientInstance instance, PullConsumerSettings settings) {
        this.instance = Objects.requireNonNull(instance, "instance");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.calls = new ConsumerCalls(instance);
        instance.claimConsumerGroup(settings.group(), () -> { });
        instance.addComponent(this);
    }

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public List<MessageQueue> queues(String topic) {
        Objects.requireNonNull(topic, "topic");
        requireOpen();
        return QueueAllocation.readableQueues(topic, Rpc.await(instance.routes().route(topic)));
    }

    @Override
    public void assign(Collection<MessageQueue> queues) {
        Objects.requireNonNull(queues, "queues");
        requireOpen();
        Set<MessageQueue> wanted = new LinkedHashSet<>(queues);
        Set<String> topics = new LinkedHashSet<>();
        wanted.forEach(queue -> topics.add(queue.topic()));
        for (String topic : topics) {
            Rpc.await(instance.routes().route(topic));
        }
        long subVersion = instance.clock().millis();
        Rpc.await(instance.registerConsumer(new ConsumerRegistration(settings.group(), "CONSUME_ACTIVELY",
                "CLUSTERING", settings.consumeFrom().where().wireName(), topics.stream()
                .map(topic -> new ConsumerRegistration.Subscription(topic, "*", subVersion)).toList())));
        Map<MessageQueue, Long> starts = new LinkedHashMap<>();
        for (MessageQueue queue : wanted) {
            boolean known;
            lock.lock();
            try {
                known = assigned.containsKey(queue);
            } finally {
                lock.unlock();
            }
            if (!known) {
                starts.put(queue, startOffset(queue));
            }
        }
        lock.lock();
        try {
            assigned.keySet().retainAll(wanted);
            starts.forEach((queue, offset) -> assigned.putIfAbsent(queue, new QueueState(offset)));
        } finally {
            lock.unlock();
        }
    }

    private long startOffset(MessageQueue queue) {
        OptionalLong committed = Rpc.await(calls.queryConsumerOffset(settings.group(), queue));
        if (committed.isPresent()) {
            return committed.getAsLong();
        }
        return switch (settings.consumeFrom().where()) {
            case FIRST_OFFSET -> Rpc.await(calls.minOffset(queue));
            case LAST_OFFSET -> Rpc.await(calls.maxOffset(queue));
            case TIMESTAMP -> Rpc.await(calls.searchOffset(queue, settings.consumeFrom().timestamp().toEpochMilli()));
        };
    }

    @Override
    public Set<MessageQueue> assignment() {
        lock.lock();
        try {
            return Set.copyOf(assigned.keySet());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void seek(MessageQueue queue, long offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0: " + offset);
        }
        lock.lock();
        try {
            QueueState state = requireAssigned(queue);
            state.epoch++;
            state.inFlight = false;
            state.retryAtNanos = Long.MIN_VALUE;
            state.buffered.clear();
            state.position = offset;
            state.fetchOffset = offset;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void seekToBeginning(Collection<MessageQueue> queues) {
        for (MessageQueue queue : List.copyOf(queues)) {
            requireAssignedNow(queue);
            seek(queue, Rpc.await(calls.minOffset(queue)));
        }
    }

    @Override
    public void seekToEnd(Collection<MessageQueue> queues) {
        for (MessageQueue queue : List.copyOf(queues)) {
            requireAssignedNow(queue);
            seek(queue, Rpc.await(calls.maxOffset(queue)));
        }
    }

    @Override
    public void seekToTimestamp(MessageQueue queue, Instant timestamp) {
        Objects.requireNonNull(timestamp, "timestamp");
        requireAssignedNow(queue);
        seek(queue, Rpc.await(calls.searchOffset(queue, timestamp.toEpochMilli())));
    }

    @Override
    public long position(MessageQueue queue) {
        lock.lock();
        try {
            return requireAssigned(queue).position;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public List<ReceivedMessage> poll(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        long deadline = instance.clock().nanos() + timeout.toNanos();
        lock.lock();
        try {
            while (true) {
                requireOpen();
                List<ReceivedMessage> drained = drain();
                if (!drained.isEmpty()) {
                    return drained;
                }
                long nextRetry = fetchIdleQueues();
                long now = instance.clock().nanos();
                long remaining = deadline - now;
                if (remaining <= 0) {
                    return List.of();
                }
                long wait = nextRetry == Long.MAX_VALUE ? remaining : Math.min(remaining, Math.max(1, nextRetry - now));
                arrived.awaitNanos(wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "interrupted while polling", e);
        } finally {
            lock.unlock();
        }
    }

    /** Takes buffered messages, queue after queue from a rotating start, advancing positions. */
    private List<ReceivedMessage> drain() {
        List<ReceivedMessage> out = new ArrayList<>();
        List<Map.Entry<MessageQueue, QueueState>> entries = new ArrayList<>(assigned.entrySet());
        if (entries.isEmpty()) {
            return out;
        }
        rotation = (rotation + 1) % entries.size();
        for (int i = 0; i < entries.size() && out.size() < settings.maxPollMessages(); i++) {
            QueueState state = entries.get((rotation + i) % entries.size()).getValue();
            while (!state.buffered.isEmpty() && out.size() < settings.maxPollMessages()) {
                ReceivedMessage message = state.buffered.poll();
                out.add(message);
                state.position = message.queueOffset() + 1;
            }
        }
        return out;
    }

    /** Starts a pull for every queue that needs one; returns the earliest retry time pending (nanos), or MAX. */
    private long fetchIdleQueues() {
        long now = instance.clock().nanos();
        long nextRetry = Long.MAX_VALUE;
        for (Map.Entry<MessageQueue, QueueState> entry : assigned.entrySet()) {
            QueueState state = entry.getValue();
            if (state.inFlight || state.buffered.size() >= settings.pullBatchSize()) {
                continue;
            }
            if (state.retryAtNanos != Long.MIN_VALUE && now - state.retryAtNanos < 0) {
                nextRetry = Math.min(nextRetry, state.retryAtNanos);
                continue;
            }
            fetch(entry.getKey(), state);
        }
        return nextRetry;
    }

    private void fetch(MessageQueue queue, QueueState state) {
        state.inFlight = true;
        int epoch = state.epoch;
        long offset = state.fetchOffset;
        CompletableFuture<PullResult> pulled = calls.pull(new ConsumerCalls.PullSpec(settings.group(), queue, offset,
                settings.pullBatchSize(), PullSysFlag.SUSPEND | PullSysFlag.SUBSCRIPTION, 0,
                SUSPEND_MILLIS, "*", 0, PULL_TIMEOUT_MILLIS));
        pulled.whenCompleteAsync((result, failure) -> onFetched(queue, state, epoch, offset, result, failure),
                instance.callbackExecutor());
    }

    private void onFetched(MessageQueue queue, QueueState state, int epoch, long offset, PullResult result,
                           Throwable failure) {
        lock.lock();
        try {
            if (closed || assigned.get(queue) != state || state.epoch != epoch) {
                return;
            }
            state.inFlight = false;
            if (failure != null) {
                state.retryAtNanos = instance.clock().nanos() + RETRY_DELAY_NANOS;
                LOG.debug("Pull of {} at {} failed, again in 1 s: {}", queue, offset, Rpc.unwrap(failure).getMessage());
            } else {
                state.retryAtNanos = Long.MIN_VALUE;
                switch (result.status()) {
                    case FOUND -> result.messages().forEach(message -> {
                        if (message.queueOffset() >= state.position) {
                            state.buffered.add(message);
                        }
                    });
                    case OFFSET_ILLEGAL -> {
                        if (state.buffered.isEmpty()) {
                            state.position = result.nextBeginOffset();
                        }
                    }
                    case NO_NEW_MESSAGE, NO_MATCHED_MESSAGE -> {
                        // nothing arrived within the long poll; pull again
                    }
                }
                state.fetchOffset = result.nextBeginOffset();
                if (state.buffered.size() < settings.pullBatchSize()) {
                    fetch(queue, state);
                }
            }
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void commitSync() {
        Map<MessageQueue, Long> positions = new LinkedHashMap<>();
        lock.lock();
        try {
            assigned.forEach((queue, state) -> positions.put(queue, state.position));
        } finally {
            lock.unlock();
        }
        commitSync(positions);
    }

    @Override
    public void commitSync(Map<MessageQueue, Long> offsets) {
        Objects.requireNonNull(offsets, "offsets");
        requireOpen();
        List<CompletableFuture<Void>> writes = new ArrayList<>();
        offsets.forEach((queue, offset) -> writes.add(calls.updateConsumerOffset(settings.group(), queue, offset,
                false)));
        writes.forEach(Rpc::await);
    }

    @Override
    public OptionalLong committed(MessageQueue queue) {
        Objects.requireNonNull(queue, "queue");
        requireOpen();
        return Rpc.await(calls.queryConsumerOffset(settings.group(), queue));
    }

    private QueueState requireAssigned(MessageQueue queue) {
        Objects.requireNonNull(queue, "queue");
        QueueState state = assigned.get(queue);
        if (state == null) {
            throw new IllegalStateException("queue " + queue + " is not assigned to this consumer");
        }
        return state;
    }

    private void requireAssignedNow(MessageQueue queue) {
        lock.lock();
        try {
            requireAssigned(queue);
        } finally {
            lock.unlock();
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "pull consumer " + settings.group()
                    + " is closed");
        }
        instance.requireOpen();
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            assigned.clear();
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        instance.releaseConsumerGroup(settings.group());
        instance.removeComponent(this);
    }

    @Override
    public String toString() {
        return "PullConsumer[" + settings.group() + "]";
    }
}
