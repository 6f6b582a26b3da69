package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.RefreshBrokerHeartbeat;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * BROKER_HEARTBEAT (904, 5.x): header clusterName, brokerAddr, brokerName (the controller-mode fields
 * are not needed); refreshes the broker's liveness and answers SUCCESS, also for an unknown broker.
 */
public final class BrokerHeartbeatHandler implements RequestHandler {

    private final RefreshBrokerHeartbeat refreshBrokerHeartbeat;

    public BrokerHeartbeatHandler(RefreshBrokerHeartbeat refreshBrokerHeartbeat) {
        this.refreshBrokerHeartbeat = Objects.requireNonNull(refreshBrokerHeartbeat, "refreshBrokerHeartbeat");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        refreshBrokerHeartbeat.refresh(new RefreshBrokerHeartbeat.Command(Headers.clusterName(header),
                Headers.brokerAddress(header)));
        return Replies.answer(Replies.success(request));
    }
}
