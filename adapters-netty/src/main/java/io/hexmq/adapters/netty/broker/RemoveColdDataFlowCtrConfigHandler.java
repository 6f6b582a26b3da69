package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * REMOVE_COLD_DATA_FLOW_CTR_CONFIG (2002, {@code mqadmin removeColdDataFlowCtrGroupConfig}): body a group name.
 * Refused as {@link UpdateColdDataFlowCtrConfigHandler} refuses: hexmq has no cold-read flow control.
 */
public final class RemoveColdDataFlowCtrConfigHandler implements RequestHandler {

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, ColdDataFlowControl.ABSENT);
    }
}
