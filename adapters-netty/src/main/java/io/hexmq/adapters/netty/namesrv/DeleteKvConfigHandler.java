package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.DeleteKvConfig;
import io.hexmq.remoting.header.KvConfigHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** DELETE_KV_CONFIG (102): header namespace, key; answers SUCCESS whether or not the entry existed. */
public final class DeleteKvConfigHandler implements RequestHandler {

    private final DeleteKvConfig deleteKvConfig;

    public DeleteKvConfigHandler(DeleteKvConfig deleteKvConfig) {
        this.deleteKvConfig = Objects.requireNonNull(deleteKvConfig, "deleteKvConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        deleteKvConfig.delete(new DeleteKvConfig.Command(Headers.namespace(header), header.stringOf(KvConfigHeader.KEY)));
        return Replies.answer(Replies.success(request));
    }
}
