package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.DeleteTopicFromNameServer;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * DELETE_TOPIC_IN_NAMESRV (216): header topic and, from 5.x, an optional clusterName that limits the
 * deletion to that cluster's broker groups; answers SUCCESS. The topic is read with the broker rule
 * ({@link TopicName#reportedByBroker}) so that an admin can delete every topic a broker could register.
 */
public final class DeleteTopicInNameServerHandler implements RequestHandler {

    private final DeleteTopicFromNameServer deleteTopicFromNameServer;

    public DeleteTopicInNameServerHandler(DeleteTopicFromNameServer deleteTopicFromNameServer) {
        this.deleteTopicFromNameServer = Objects.requireNonNull(deleteTopicFromNameServer, "deleteTopicFromNameServer");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        TopicName topic = TopicName.reportedByBroker(header.stringOf(TopicHeader.TOPIC));
        Optional<ClusterName> cluster = Optional.of(header.stringOf(TopicHeader.CLUSTER_NAME))
                .filter(name -> !name.isBlank())
                .map(ClusterName::new);
        deleteTopicFromNameServer.delete(new DeleteTopicFromNameServer.Command(topic, cluster));
        return Replies.answer(Replies.success(request));
    }
}
