package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.header.CreateTopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_STATIC_TOPIC (513, {@code mqadmin updateStaticTopic} and {@code remappingStaticTopic}):
 * header as UPDATE_AND_CREATE_TOPIC's, body a logic-queue mapping. hexmq keeps no logic queues mapped
 * onto other brokers' queues, so it refuses as RocketMQ's broker refuses a mapping it cannot apply:
 * SYSTEM_ERROR with the reason as remark, and nothing created. GET_TOPIC_CONFIG's {@code lo} answers
 * no mapping accordingly.
 */
public final class UpdateAndCreateStaticTopicHandler implements RequestHandler {

    static final String NO_STATIC_TOPICS = "hexmq has no static topic mapping; topic %s was not created"
            + ", create it as an ordinary topic (mqadmin updateTopic)";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        String topic = request.header().optionalString(CreateTopicHeader.TOPIC.name()).orElse("");
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, NO_STATIC_TOPICS.formatted(topic));
    }
}
