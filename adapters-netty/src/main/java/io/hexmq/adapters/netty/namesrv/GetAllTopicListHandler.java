package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** GET_ALL_TOPIC_LIST_FROM_NAMESERVER (206): no header; answers a TopicList body of every routed topic. */
public final class GetAllTopicListHandler implements RequestHandler {

    private final GetAllTopics getAllTopics;

    public GetAllTopicListHandler(GetAllTopics getAllTopics) {
        this.getAllTopics = Objects.requireNonNull(getAllTopics, "getAllTopics");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request).body(NameServerBodies.topicList(getAllTopics.allTopics())));
    }
}
