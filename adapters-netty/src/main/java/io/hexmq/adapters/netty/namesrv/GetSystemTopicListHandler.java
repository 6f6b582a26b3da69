package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.GetSystemTopics;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_SYSTEM_TOPIC_LIST_FROM_NS (304): no header; answers a TopicList body of the system topics.
 * {@code brokerAddr} stays out on purpose: the official admin would then ask that broker for more
 * system topics (GET_SYSTEM_TOPIC_LIST_FROM_BROKER), and the list is already complete here.
 */
public final class GetSystemTopicListHandler implements RequestHandler {

    private final GetSystemTopics getSystemTopics;

    public GetSystemTopicListHandler(GetSystemTopics getSystemTopics) {
        this.getSystemTopics = Objects.requireNonNull(getSystemTopics, "getSystemTopics");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.answer(Replies.success(request).body(NameServerBodies.topicList(getSystemTopics.systemTopics())));
    }
}
