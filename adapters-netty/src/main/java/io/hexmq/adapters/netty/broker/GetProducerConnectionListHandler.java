package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.GetProducerConnections;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GET_PRODUCER_CONNECTION_LIST (204, {@code mqadmin producerConnection}): header producerGroup; answers
 * ProducerConnection, or SYSTEM_ERROR "the producer group[..] not exist" when nobody is connected.
 */
public final class GetProducerConnectionListHandler implements RequestHandler {

    private final GetProducerConnections getProducerConnections;
    private final ClientChannels channels;

    public GetProducerConnectionListHandler(GetProducerConnections getProducerConnections, ClientChannels channels) {
        this.getProducerConnections = Objects.requireNonNull(getProducerConnections, "getProducerConnections");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        GroupName group = Headers.group(request.header(), Headers.PRODUCER_GROUP);
        List<ClientConnection> members = getProducerConnections.get(new GetProducerConnections.Command(group));
        if (members.isEmpty()) {
            return Replies.failure(request, ResponseCode.SYSTEM_ERROR, "the producer group[" + group + "] not exist");
        }
        return Replies.answer(Replies.success(request).body(ClientBodies.producerConnection(members,
                channels::address)));
    }
}
