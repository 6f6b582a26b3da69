package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.CleanUnusedTopics;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * CLEAN_UNUSED_TOPIC (316, {@code mqadmin cleanUnusedTopic}): no header. Deletes the stored queues of topics
 * without a config here and answers SUCCESS, also when there were none, as RocketMQ does.
 */
public final class CleanUnusedTopicHandler implements RequestHandler {

    private final CleanUnusedTopics cleanUnusedTopics;

    public CleanUnusedTopicHandler(CleanUnusedTopics cleanUnusedTopics) {
        this.cleanUnusedTopics = Objects.requireNonNull(cleanUnusedTopics, "cleanUnusedTopics");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        cleanUnusedTopics.clean();
        return Replies.answer(Replies.success(request));
    }
}
