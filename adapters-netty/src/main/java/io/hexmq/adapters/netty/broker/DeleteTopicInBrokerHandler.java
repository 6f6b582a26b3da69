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
 * topic not hosted here, once the broker has re-registered without the topic (whatever the NameServers
 * answered); INVALID_PARAMETER, at once, for a system topic.
 */
public final class DeleteTopicInBrokerHandler implements RequestHandler {

    private final DeleteTopic deleteTopic;

    public DeleteTopicInBrokerHandler(DeleteTopic deleteTopic) {
        this.deleteTopic = Objects.requireNonNull(deleteTopic, "deleteTopic");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.successOnce(deleteTopic.delete(
                new DeleteTopic.Command(Headers.topic(request.header(), TopicHeader.TOPIC))), request);
    }
}
