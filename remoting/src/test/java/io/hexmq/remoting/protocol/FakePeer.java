package io.hexmq.remoting.protocol;

import io.hexmq.domain.connection.ConnectionId;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** A peer that is never called back; for dispatcher tests without a network. */
final class FakePeer implements RemotingPeer {

    @Override
    public ConnectionId connectionId() {
        return new ConnectionId("fake-connection");
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return InetSocketAddress.createUnresolved("client.example", 40_000);
    }

    @Override
    public boolean isActive() {
        return true;
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        throw new UnsupportedOperationException();
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
    }
}
