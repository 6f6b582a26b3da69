package io.hexmq.client.internal.remote;

import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import java.util.concurrent.CompletableFuture;

/** The SDK's {@link Transport}: the remoting module's Netty client. */
public record NettyTransport(NettyRemotingClient client) implements Transport {

    @Override
    public CompletableFuture<RemotingCommand> invoke(String address, RemotingCommand request, long timeoutMillis) {
        return client.invokeAsync(address, request, timeoutMillis);
    }

    @Override
    public CompletableFuture<Void> invokeOneway(String address, RemotingCommand request) {
        return client.invokeOneway(address, request);
    }

    @Override
    public void close() {
        client.close();
    }
}
