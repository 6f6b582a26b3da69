package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.QueueLocks;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;
import java.util.Set;

/**
 * An orderly consumer locks the queues it was assigned before it pulls them, and again every 20 s
 * (LOCK_BATCH_MQ). The answer is the subset it now holds: free queues, its own, and expired locks.
 */
public final class LockQueues {

    private final QueueLocks locks;
    private final Clock clock;

    public LockQueues(QueueLocks locks, Clock clock) {
        this.locks = Objects.requireNonNull(locks, "locks");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public Set<MessageQueue> lock(QueueLockRequest request) {
        return locks.tryLock(request.group(), request.clientId(), request.queues(), clock.millis());
    }
}
