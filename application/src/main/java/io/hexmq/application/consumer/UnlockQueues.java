package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.consumer.QueueLocks;
import java.util.Objects;
import java.util.Set;

/** An orderly consumer releases queues it no longer consumes (UNLOCK_BATCH_MQ); others' locks stay. */
public final class UnlockQueues {

    public record Command(GroupName group, ClientId clientId, Set<MessageQueue> queues) {

        public Command {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(clientId, "clientId");
            queues = Set.copyOf(queues);
        }
    }

    private final QueueLocks locks;

    public UnlockQueues(QueueLocks locks) {
        this.locks = Objects.requireNonNull(locks, "locks");
    }

    public void unlock(Command command) {
        locks.unlock(command.group(), command.clientId(), command.queues());
    }
}
