package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;

/**
 * GET_BROKER_EPOCH_CACHE (1007, {@code mqadmin getBrokerEpoch}): a broker under a RocketMQ controller answers
 * its epoch entries; every other RocketMQ broker refuses with SYSTEM_ERROR ("only for controllerMode"). hexmq has
 * no controller, so it refuses as those brokers do, with a remark saying why.
 */
public final class GetBrokerEpochCacheHandler implements RequestHandler {

    static final String NO_CONTROLLER = "hexmq has no controller mode, so a broker keeps no epoch entries";

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        return Replies.failure(request, ResponseCode.SYSTEM_ERROR, NO_CONTROLLER);
    }
}
