package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.WipeWritePermOfBroker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** WIPE_WRITE_PERM_OF_BROKER (205): header brokerName; answers the response header {@code wipeTopicCount}. */
public final class WipeWritePermOfBrokerHandler implements RequestHandler {

    private final WipeWritePermOfBroker wipeWritePermOfBroker;

    public WipeWritePermOfBrokerHandler(WipeWritePermOfBroker wipeWritePermOfBroker) {
        this.wipeWritePermOfBroker = Objects.requireNonNull(wipeWritePermOfBroker, "wipeWritePermOfBroker");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        int count = wipeWritePermOfBroker.wipe(new WipeWritePermOfBroker.Command(Headers.brokerName(request.header())));
        return Replies.answer(Replies.success(request).extField("wipeTopicCount", count));
    }
}
