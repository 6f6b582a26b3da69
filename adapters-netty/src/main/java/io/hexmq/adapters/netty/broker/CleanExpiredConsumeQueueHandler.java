package io.hexmq.adapters.netty.broker;

import io.hexmq.application.broker.DeleteExpiredStoreFiles;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * CLEAN_EXPIRED_CONSUMEQUEUE (306, {@code mqadmin cleanExpiredCQ}): no header. Runs the store's retention now and answers SUCCESS once it
 * has, also when nothing had expired, as RocketMQ does.
 */
public final class CleanExpiredConsumeQueueHandler implements RequestHandler {

    private final DeleteExpiredStoreFiles deleteExpiredStoreFiles;

    public CleanExpiredConsumeQueueHandler(DeleteExpiredStoreFiles deleteExpiredStoreFiles) {
        this.deleteExpiredStoreFiles = Objects.requireNonNull(deleteExpiredStoreFiles, "deleteExpiredStoreFiles");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        deleteExpiredStoreFiles.deleteNow();
        return Replies.answer(Replies.success(request));
    }
}
