package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_COLD_DATA_FLOW_CTR_CONFIG (2001, {@code mqadmin updateColdDataFlowCtrGroupConfig}): body the groups'
 * cold-read thresholds as properties. hexmq does not throttle consumers that read cold data, so it refuses with
 * SYSTEM_ERROR, RocketMQ's code for a request its broker cannot apply, and nothing is kept.
 */
public final class UpdateColdDataFlowCtrConfigHandler implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, ColdDataFlowControl.ABSENT);
    }
}
