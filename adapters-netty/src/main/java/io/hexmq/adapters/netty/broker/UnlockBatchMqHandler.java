package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.UnlockQueues;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** UNLOCK_BATCH_MQ (42), sometimes oneway: body UnlockBatchRequestBody; answers SUCCESS. */
public final class UnlockBatchMqHandler implements RequestHandler {

    private final UnlockQueues unlockQueues;

    public UnlockBatchMqHandler(UnlockQueues unlockQueues) {
        this.unlockQueues = Objects.requireNonNull(unlockQueues, "unlockQueues");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        unlockQueues.unlock(ClientBodies.parseQueueLockRequest(request.body(), "UnlockBatchRequestBody"));
        return Replies.answer(Replies.success(request));
    }
}
