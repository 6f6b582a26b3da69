package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.PutKvConfig;
import io.hexmq.remoting.header.KvConfigHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** PUT_KV_CONFIG (100): header namespace, key, value; answers SUCCESS once the entry is stored. */
public final class PutKvConfigHandler implements RequestHandler {

    private final PutKvConfig putKvConfig;

    public PutKvConfigHandler(PutKvConfig putKvConfig) {
        this.putKvConfig = Objects.requireNonNull(putKvConfig, "putKvConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        putKvConfig.put(new PutKvConfig.Command(Headers.namespace(header), header.stringOf(KvConfigHeader.KEY),
                header.stringOf(KvConfigHeader.VALUE)));
        return Replies.answer(Replies.success(request));
    }
}
