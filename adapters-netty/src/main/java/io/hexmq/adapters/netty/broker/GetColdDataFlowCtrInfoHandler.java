package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * GET_COLD_DATA_FLOW_CTR_INFO (2003, {@code mqadmin getColdDataFlowCtrInfo}): RocketMQ answers its cold-read
 * thresholds and per-group counters. hexmq has none to report, so it refuses as
 * {@link UpdateColdDataFlowCtrConfigHandler} does rather than answer thresholds it does not apply.
 */
public final class GetColdDataFlowCtrInfoHandler implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, ColdDataFlowControl.ABSENT);
    }
}
