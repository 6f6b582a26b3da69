package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.UnregisterClient;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestHandler;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * UNREGISTER_CLIENT (35): header clientID, producerGroup and/or consumerGroup (clients send one request
 * per group at shutdown). Membership is per connection, so it is the requesting connection that leaves.
 * Answers SUCCESS, also for a client that was not a member.
 */
public final class UnregisterClientHandler implements RequestHandler {

    private final UnregisterClient unregisterClient;

    public UnregisterClientHandler(UnregisterClient unregisterClient) {
        this.unregisterClient = Objects.requireNonNull(unregisterClient, "unregisterClient");
    }

    @Override
    public CompletableFuture<RemotingCommand> handle(RemotingCommand request, RequestContext context) {
        HeaderReader header = request.header();
        unregisterClient.unregister(new UnregisterClient.Command(context.connectionId(),
                new ClientId(header.stringOf(UnregisterClientHeader.CLIENT_ID)),
                Headers.optionalGroup(header, UnregisterClientHeader.PRODUCER_GROUP),
                Headers.optionalGroup(header, UnregisterClientHeader.CONSUMER_GROUP)));
        return Replies.answer(Replies.success(request));
    }
}
