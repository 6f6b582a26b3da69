package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.remoting.body.JsonFlavour;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_CLUSTER_INFO (106): no header; answers a ClusterInfo body, in the {@link JsonFlavour} the
 * request asks for (its {@code brokerAddrs} maps have the same two shapes as in routes).
 */
public final class GetBrokerClusterInfoHandler implements RequestHandler {

    private final GetClusterInfo getClusterInfo;

    public GetBrokerClusterInfoHandler(GetClusterInfo getClusterInfo) {
        this.getClusterInfo = Objects.requireNonNull(getClusterInfo, "getClusterInfo");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request)
                .body(RouteBodies.clusterInfo(getClusterInfo.clusterInfo(), JsonFlavour.requestedBy(request))));
    }
}
