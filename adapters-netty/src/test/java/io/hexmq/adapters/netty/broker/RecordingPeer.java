package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** A client connection as handlers see it: remembers what the broker sends it oneway. */
final class RecordingPeer implements RemotingPeer {

    private final ConnectionId connectionId;
    private final InetSocketAddress address;
    private final List<RemotingCommand> oneway = new CopyOnWriteArrayList<>();
    private volatile boolean active = true;

    RecordingPeer(String connectionId, int port) {
        this.connectionId = new ConnectionId(connectionId);
        this.address = new InetSocketAddress("127.0.0.1", port);
    }

    List<RemotingCommand> oneway() {
        return List.copyOf(oneway);
    }

    @Override
    public ConnectionId connectionId() {
        return connectionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return address;
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("the broker calls clients oneway"));
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        oneway.add(request);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        active = false;
    }
}
