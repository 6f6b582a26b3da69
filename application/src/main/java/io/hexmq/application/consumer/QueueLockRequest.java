package io.hexmq.application.consumer;

import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import java.util.Objects;
import java.util.Set;

/**
 * What an orderly consumer asks of its queue locks, to take them ({@link LockQueues}) or to release
 * them ({@link UnlockQueues}): who asks, for which group, which queues.
 */
public record QueueLockRequest(GroupName group, ClientId clientId, Set<MessageQueue> queues) {

    public QueueLockRequest {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(clientId, "clientId");
        queues = Set.copyOf(queues);
    }
}
