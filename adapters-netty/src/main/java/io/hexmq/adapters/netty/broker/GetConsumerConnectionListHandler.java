package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetConsumerConnections;
import io.hexmq.domain.consumer.ConsumerGroup;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * GET_CONSUMER_CONNECTION_LIST (203, {@code mqadmin consumerConnection}): header consumerGroup; answers
 * ConsumerConnection (members with their addresses, subscriptions, consume settings), or
 * CONSUMER_NOT_ONLINE when nobody is connected.
 */
public final class GetConsumerConnectionListHandler implements RequestHandler {

    private final GetConsumerConnections getConsumerConnections;
    private final ClientChannels channels;

    public GetConsumerConnectionListHandler(GetConsumerConnections getConsumerConnections, ClientChannels channels) {
        this.getConsumerConnections = Objects.requireNonNull(getConsumerConnections, "getConsumerConnections");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GroupName group = Headers.group(request.header(), ConsumerGroupHeader.CONSUMER_GROUP);
        Optional<ConsumerGroup> found = getConsumerConnections.get(new GetConsumerConnections.Command(group));
        if (found.isEmpty()) {
            return Replies.failure(request, ResponseCode.CONSUMER_NOT_ONLINE,
                    "the consumer group[" + group + "] not online");
        }
        return Replies.answer(Replies.success(request).body(ClientBodies.consumerConnection(found.get(),
                channels::address)));
    }
}
