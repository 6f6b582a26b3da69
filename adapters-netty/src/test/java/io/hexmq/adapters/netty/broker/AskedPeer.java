package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingPeer;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A consumer's connection that the broker asks questions over: each request stays unanswered until the
 * test answers it, as a client on the far side of a network would.
 */
final class AskedPeer implements RemotingPeer {

    /** One request the broker sent, the timeout it allowed, and the answer still to come. */
    record Question(RemotingCommand request, long timeoutMillis, CompletableFuture<RemotingCommand> answer) {

        void answer(int code, String remark, byte[] body) {
            answer.complete(RemotingCommand.responseTo(request, code).remark(remark).body(body).build());
        }
    }

    private final ConnectionId connectionId;
    private final List<Question> questions = new CopyOnWriteArrayList<>();
    private volatile boolean active = true;

    AskedPeer(String connectionId) {
        this.connectionId = new ConnectionId(connectionId);
    }

    List<Question> questions() {
        return List.copyOf(questions);
    }

    @Override
    public ConnectionId connectionId() {
        return connectionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return new InetSocketAddress("127.0.0.1", 42_000);
    }

    @Override
    public boolean isActive() {
        return active;
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
        questions.add(new Question(request, timeoutMillis, answer));
        return answer;
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("questions expect answers"));
    }

    @Override
    public void close() {
        active = false;
    }
}
