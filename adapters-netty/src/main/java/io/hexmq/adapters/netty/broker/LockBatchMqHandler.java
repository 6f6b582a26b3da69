package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.LockQueues;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * LOCK_BATCH_MQ (41): body LockBatchRequestBody; answers SUCCESS with LockBatchResponseBody
 * {@code {"lockOKMQSet":[..]}}, the queues the client now holds. {@code onlyThisBroker} is ignored:
 * hexmq has no replicas to pass the lock on to.
 */
public final class LockBatchMqHandler implements RequestHandler {

    private final LockQueues lockQueues;

    public LockBatchMqHandler(LockQueues lockQueues) {
        this.lockQueues = Objects.requireNonNull(lockQueues, "lockQueues");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        Set<MessageQueue> locked = lockQueues.lock(
                ClientBodies.parseQueueLockRequest(request.body(), "LockBatchRequestBody"));
        return Replies.answer(Replies.success(request).body(ClientBodies.lockedQueues(locked)));
    }
}
