package io.hexmq.adapters.netty.broker;

import io.hexmq.application.topic.GetTopicConfig;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_TOPIC_CONFIG (351, DefaultMQAdminExt.examineTopicConfig): header topic, and {@code lo}, which asks
 * for the logic queues of a static topic and is ignored (hexmq has no static topics). Answers
 * TopicConfigAndQueueMapping, or TOPIC_NOT_EXIST with the official remark when this broker does not host
 * the topic.
 */
public final class GetTopicConfigHandler implements RequestHandler {

    private final GetTopicConfig getTopicConfig;

    public GetTopicConfigHandler(GetTopicConfig getTopicConfig) {
        this.getTopicConfig = Objects.requireNonNull(getTopicConfig, "getTopicConfig");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        TopicName topic = Headers.topic(request.header(), TopicHeader.TOPIC);
        Optional<TopicConfig> config = getTopicConfig.get(new GetTopicConfig.Query(topic));
        if (config.isEmpty()) {
            return Replies.failure(request, ResponseCode.TOPIC_NOT_EXIST, "No topic in this broker. topic: " + topic);
        }
        return Replies.answer(Replies.success(request).body(BrokerBodies.topicConfig(config.get())));
    }
}
