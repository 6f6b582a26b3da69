package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.GetAllTopicConfigs;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_ALL_TOPIC_CONFIG (21): answers TopicConfigSerializeWrapper, every topic with the table's
 * DataVersion. The 5.x paging fields (topicSeq, maxTopicNum) are ignored: the whole table is sent, which
 * is what a client that pages receives when the table fits in one page.
 */
public final class GetAllTopicConfigHandler implements RequestHandler {

    private final GetAllTopicConfigs getAllTopicConfigs;

    public GetAllTopicConfigHandler(GetAllTopicConfigs getAllTopicConfigs) {
        this.getAllTopicConfigs = Objects.requireNonNull(getAllTopicConfigs, "getAllTopicConfigs");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request).body(BrokerBodies.topicConfigWrapper(getAllTopicConfigs.get())));
    }
}
