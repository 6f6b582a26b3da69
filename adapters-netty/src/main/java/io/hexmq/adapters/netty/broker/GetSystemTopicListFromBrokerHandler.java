package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.ListBrokerSystemTopics;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_SYSTEM_TOPIC_LIST_FROM_BROKER (305, what {@code mqadmin exportMetrics} and {@code exportMetadata} ask before
 * they count user topics): no header; answers a TopicList body without {@code brokerAddr}, as RocketMQ's broker
 * does, naming this broker's system topics.
 */
public final class GetSystemTopicListFromBrokerHandler implements RequestHandler {

    private final ListBrokerSystemTopics listSystemTopics;

    public GetSystemTopicListFromBrokerHandler(ListBrokerSystemTopics listSystemTopics) {
        this.listSystemTopics = Objects.requireNonNull(listSystemTopics, "listSystemTopics");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request).body(CommonJson.topicList(listSystemTopics.list())));
    }
}
