package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetConsumerIds;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38): header consumerGroup; answers {@code {"consumerIdList":[..]}}, or
 * SYSTEM_ERROR "no consumer for this group" when nobody is connected (the client skips that rebalance).
 */
public final class GetConsumerListByGroupHandler implements RequestHandler {

    private final GetConsumerIds getConsumerIds;

    public GetConsumerListByGroupHandler(GetConsumerIds getConsumerIds) {
        this.getConsumerIds = Objects.requireNonNull(getConsumerIds, "getConsumerIds");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GroupName group = Headers.group(request.header(), ConsumerGroupHeader.CONSUMER_GROUP);
        List<ClientId> ids = getConsumerIds.get(new GetConsumerIds.Command(group));
        if (ids.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + group);
        }
        return Replies.answer(Replies.success(request).body(ClientBodies.consumerIdList(ids)));
    }
}
