package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.concurrent.CompletableFuture;

/**
 * POP_ROLLBACK (200056, {@code mqadmin exportPopRecord}): RocketMQ moves the POP records it keeps in its RocksDB
 * key-value store back into its file store, and answers SUCCESS when there is nothing to move. hexmq keeps POP
 * state in its own files only, so there never is anything to move: SUCCESS, nothing changed.
 */
public final class PopRollbackHandler implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request));
    }
}
