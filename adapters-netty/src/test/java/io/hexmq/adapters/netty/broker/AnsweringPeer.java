package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A client connection that answers the broker's requests at once with a chosen code (SUCCESS by
 * default), or lets them time out; remembers each request and the timeout it was given.
 */
final class AnsweringPeer implements RemotingPeer {

    /** One request the broker sent, with the timeout it allowed. */
    record Invocation(RemotingCommand request, long timeoutMillis) {
    }

    private final ConnectionId connectionId;
    private final InetSocketAddress address;
    private final List<Invocation> invocations = new CopyOnWriteArrayList<>();
    private volatile int answerCode;
    private volatile boolean timeOut;
    private volatile boolean active = true;

    AnsweringPeer(String connectionId, int port) {
        this.connectionId = new ConnectionId(connectionId);
        this.address = new InetSocketAddress("127.0.0.1", port);
    }

    void answerWith(int code) {
        this.answerCode = code;
    }

    void timeOut() {
        this.timeOut = true;
    }

    List<Invocation> invocations() {
        return List.copyOf(invocations);
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
        invocations.add(new Invocation(request, timeoutMillis));
        if (timeOut) {
            return CompletableFuture.failedFuture(new RemotingTimeoutException("no answer in " + timeoutMillis + " ms"));
        }
        return CompletableFuture.completedFuture(RemotingCommand.responseTo(request, answerCode)
                .remark(answerCode == 0 ? null : "process reply message fail").build());
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("replies are pushed as requests"));
    }

    @Override
    public void close() {
        active = false;
    }
}
