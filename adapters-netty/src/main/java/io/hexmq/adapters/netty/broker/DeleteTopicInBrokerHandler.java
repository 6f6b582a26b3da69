package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.DeleteTopic;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * DELETE_TOPIC_IN_BROKER (215, {@code mqadmin deleteTopic}): header topic. Answers SUCCESS, also for a
 * topic not hosted here; INVALID_PARAMETER for a system topic.
 */
public final class DeleteTopicInBrokerHandler implements RequestHandler {

    private final DeleteTopic deleteTopic;

    public DeleteTopicInBrokerHandler(DeleteTopic deleteTopic) {
        this.deleteTopic = Objects.requireNonNull(deleteTopic, "deleteTopic");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        deleteTopic.delete(new DeleteTopic.Command(Headers.topic(request.header(), TopicHeader.TOPIC)));
        return Replies.answer(Replies.success(request));
    }
}
