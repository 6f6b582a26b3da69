package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.UnregisterBroker;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UNREGISTER_BROKER (104): header clusterName, brokerName, brokerAddr, brokerId; answers SUCCESS, also
 * for a broker the NameServer did not know (it may have expired already).
 */
public final class UnregisterBrokerHandler implements RequestHandler {

    private final UnregisterBroker unregisterBroker;

    public UnregisterBrokerHandler(UnregisterBroker unregisterBroker) {
        this.unregisterBroker = Objects.requireNonNull(unregisterBroker, "unregisterBroker");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        unregisterBroker.unregister(new UnregisterBroker.Command(Headers.clusterName(header),
                Headers.brokerName(header), Headers.brokerAddress(header), Headers.brokerId(header)));
        return Replies.answer(Replies.success(request));
    }
}
