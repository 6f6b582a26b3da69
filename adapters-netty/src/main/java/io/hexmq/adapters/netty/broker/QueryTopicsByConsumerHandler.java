package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetTopicsConsumedByGroup;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * QUERY_TOPICS_BY_CONSUMER (343, DefaultMQAdminExt.queryTopicsByConsumer, which asks every broker of
 * the group's retry topic): header group; answers a TopicList of the topics the group consumes here,
 * with this broker's address as {@code brokerAddr}, as the official broker does.
 */
public final class QueryTopicsByConsumerHandler implements RequestHandler {

    private final GetTopicsConsumedByGroup getTopicsConsumedByGroup;
    private final BrokerAddress brokerAddress;

    public QueryTopicsByConsumerHandler(GetTopicsConsumedByGroup getTopicsConsumedByGroup,
                                        BrokerAddress brokerAddress) {
        this.getTopicsConsumedByGroup = Objects.requireNonNull(getTopicsConsumedByGroup, "getTopicsConsumedByGroup");
        this.brokerAddress = Objects.requireNonNull(brokerAddress, "brokerAddress");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GetTopicsConsumedByGroup.Query query =
                new GetTopicsConsumedByGroup.Query(Headers.group(request.header(), Headers.GROUP));
        return Replies.answer(Replies.success(request)
                .body(AdminBodies.topicList(brokerAddress, getTopicsConsumedByGroup.topics(query))));
    }
}
