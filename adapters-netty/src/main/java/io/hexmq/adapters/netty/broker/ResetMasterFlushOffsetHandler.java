package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.concurrent.CompletableFuture;

/**
 * RESET_MASTER_FLUSH_OFFSET (908, {@code mqadmin resetMasterFlushOffset}): header masterFlushOffset. The
 * offset tells an HA slave how far its master had flushed; RocketMQ's master ignores it and answers SUCCESS.
 * hexmq has no HA slaves (a broker on its own is a master, a replica of a group follows its Raft log), so
 * every hexmq broker answers as that master does.
 */
public final class ResetMasterFlushOffsetHandler implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request));
    }
}
