package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetTopicsByCluster;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_TOPICS_BY_CLUSTER (224): header {@code cluster}; answers a TopicList body, empty for an unknown
 * cluster.
 */
public final class GetTopicsByClusterHandler implements RequestHandler {

    private final GetTopicsByCluster getTopicsByCluster;

    public GetTopicsByClusterHandler(GetTopicsByCluster getTopicsByCluster) {
        this.getTopicsByCluster = Objects.requireNonNull(getTopicsByCluster, "getTopicsByCluster");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        ClusterName cluster = new ClusterName(request.header().requiredString("cluster"));
        return Replies.answer(Replies.success(request)
                .body(NameServerBodies.topicList(getTopicsByCluster.topics(new GetTopicsByCluster.Query(cluster)))));
    }
}
