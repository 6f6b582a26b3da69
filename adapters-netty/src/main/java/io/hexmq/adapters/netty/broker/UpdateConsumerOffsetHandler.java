package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_CONSUMER_OFFSET (15), usually oneway: header consumerGroup, topic, queueId, commitOffset.
 * Answers SUCCESS, SUBSCRIPTION_GROUP_NOT_EXIST when the group has no config and may not get one, and
 * TOPIC_NOT_EXIST when the topic is not hosted here; a oneway request gets no answer either way. A negative
 * commitOffset clears the group's position on the queue, as on RocketMQ.
 */
public final class UpdateConsumerOffsetHandler implements RequestHandler {

    private final CommitConsumerOffset commitConsumerOffset;

    public UpdateConsumerOffsetHandler(CommitConsumerOffset commitConsumerOffset) {
        this.commitConsumerOffset = Objects.requireNonNull(commitConsumerOffset, "commitConsumerOffset");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        CommitConsumerOffset.Command commit = new CommitConsumerOffset.Command(
                Headers.group(header, ConsumerOffsetHeader.CONSUMER_GROUP),
                Headers.topic(header, ConsumerOffsetHeader.TOPIC), Headers.queueId(header, ConsumerOffsetHeader.QUEUE_ID),
                header.longOf(ConsumerOffsetHeader.COMMIT_OFFSET));
        return switch (commitConsumerOffset.commit(commit)) {
            case COMMITTED -> Replies.answer(Replies.success(request));
            case GROUP_NOT_EXIST -> Replies.failure(request, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group " + commit.group() + " does not exist");
            case TOPIC_NOT_EXIST -> Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST,
                    "topic " + commit.topic() + " does not exist");
        };
    }
}
