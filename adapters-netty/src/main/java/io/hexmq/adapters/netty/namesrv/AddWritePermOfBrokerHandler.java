package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.AddWritePermOfBroker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** ADD_WRITE_PERM_OF_BROKER (327): header brokerName; answers the response header {@code addTopicCount}. */
public final class AddWritePermOfBrokerHandler implements RequestHandler {

    private final AddWritePermOfBroker addWritePermOfBroker;

    public AddWritePermOfBrokerHandler(AddWritePermOfBroker addWritePermOfBroker) {
        this.addWritePermOfBroker = Objects.requireNonNull(addWritePermOfBroker, "addWritePermOfBroker");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        int count = addWritePermOfBroker.add(new AddWritePermOfBroker.Command(Headers.brokerName(request.header())));
        return Replies.answer(Replies.success(request).extField("addTopicCount", count));
    }
}
