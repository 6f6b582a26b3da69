package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.QueueLocks;
import java.util.Objects;
import java.util.Set;

/** An orderly consumer releases queues it no longer consumes (UNLOCK_BATCH_MQ); others' locks stay. */
public final class UnlockQueues {

    private final QueueLocks locks;

    public UnlockQueues(QueueLocks locks) {
        this.locks = Objects.requireNonNull(locks, "locks");
    }

    public void unlock(QueueLockRequest request) {
        locks.unlock(request.group(), request.clientId(), request.queues());
    }
}
