package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** The client's end of the connection in the handler benchmarks, never called back. */
final class BenchmarkPeer implements RemotingPeer {

    private static final ConnectionId CONNECTION = new ConnectionId("benchmark");
    private static final InetSocketAddress ADDRESS = new InetSocketAddress("127.0.0.1", 50000);

    @Override
    public ConnectionId connectionId() {
        return CONNECTION;
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
        throw new UnsupportedOperationException("the benchmark's client takes no requests");
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        throw new UnsupportedOperationException("the benchmark's client takes no requests");
    }

    @Override
    public void close() {
    }
}
