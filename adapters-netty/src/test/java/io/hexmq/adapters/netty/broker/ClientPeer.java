package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RequestContext;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** A producer or consumer connected from 127.0.0.1:40000; the message handlers never call it back. */
final class ClientPeer implements RemotingPeer {

    static final InetSocketAddress ADDRESS = new InetSocketAddress("127.0.0.1", 40_000);

    static RequestContext context() {
        return new RequestContext(new ClientPeer());
    }

    @Override
    public ConnectionId connectionId() {
        return new ConnectionId("client-connection");
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return ADDRESS;
    }

    @Override
    public boolean isActive() {
        return true;
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("not called back"));
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("not called back"));
    }

    @Override
    public void close() {
    }
}
