package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_LITE_INFO (200074, {@code mqadmin getBrokerLiteInfo}): RocketMQ 5.5 answers its lite-topic store
 * figures. hexmq has no lite topics, so it refuses with SYSTEM_ERROR and a remark saying so; the other lite codes
 * stay unknown to it (REQUEST_CODE_NOT_SUPPORTED), as they are to a RocketMQ broker before 5.5.
 */
public final class GetBrokerLiteInfoHandler implements RequestHandler {

    static final String NO_LITE_TOPICS = "hexmq has no lite topics (RocketMQ 5.5's LMQ-backed topics)";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, NO_LITE_TOPICS);
    }
}
