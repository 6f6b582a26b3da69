package io.hexmq.adapters.netty.namesrv;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** The far end of a connection as handlers see it; NameServer handlers never call back, so calls fail. */
final class TestPeer implements RemotingPeer {

    private final ConnectionId connectionId;

    TestPeer(String connectionId) {
        this.connectionId = new ConnectionId(connectionId);
    }

    @Override
    public ConnectionId connectionId() {
        return connectionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return new InetSocketAddress("127.0.0.1", 40_000);
    }

    @Override
    public boolean isActive() {
        return true;
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("NameServer handlers never call back"));
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("NameServer handlers never call back"));
    }

    @Override
    public void close() {
    }
}
