package io.hexmq.remoting.protocol;

import io.hexmq.domain.connection.ConnectionId;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The far end of a connection as request handlers see it, with no network. It remembers every request
 * sent to it: a oneway request as delivered ({@link #oneway()}), a request that wants an answer as a
 * {@link Call} ({@link #calls()}), which it refuses (the default: most handlers never call back),
 * answers at once with a code, lets time out, or holds until the test answers it, as the test chose.
 */
public final class TestPeer implements RemotingPeer {

    /** Where {@link #client()} connects from. */
    public static final InetSocketAddress CLIENT_ADDRESS = new InetSocketAddress("127.0.0.1", 40_000);

    /** One request sent to this peer, the timeout it was given, and the answer to come. */
    public record Call(RemotingCommand request, long timeoutMillis, CompletableFuture<RemotingCommand> answer) {

        /** Answers a held call, as the client on the far side would. */
        public void answer(int code, String remark, byte[] body) {
            answer.complete(RemotingCommand.responseTo(request, code).remark(remark).body(body).build());
        }
    }

    private enum Answering { REFUSE, AT_ONCE, TIME_OUT, HOLD }

    private final ConnectionId connectionId;
    private final InetSocketAddress address;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final List<RemotingCommand> oneway = new CopyOnWriteArrayList<>();
    private volatile Answering answering = Answering.REFUSE;
    private volatile int answerCode;
    private volatile boolean active = true;

    public TestPeer(String connectionId, InetSocketAddress address) {
        this.connectionId = new ConnectionId(connectionId);
        this.address = address;
    }

    /** A connection from 127.0.0.1:{@code port}. */
    public TestPeer(String connectionId, int port) {
        this(connectionId, new InetSocketAddress("127.0.0.1", port));
    }

    /** A producer's or consumer's connection from {@link #CLIENT_ADDRESS}. */
    public static TestPeer client() {
        return new TestPeer("client-connection", CLIENT_ADDRESS);
    }

    /** The context of a request that came over this connection. */
    public RequestContext context() {
        return new RequestContext(this);
    }

    /** From now on every call is answered at once with {@code code} (a remark unless SUCCESS). */
    public TestPeer answeringWith(int code) {
        return answering(Answering.AT_ONCE, code);
    }

    /** From now on every call fails as unanswered within its timeout. */
    public TestPeer timingOut() {
        return answering(Answering.TIME_OUT, 0);
    }

    /** From now on every call waits until the test answers it ({@link Call#answer}). */
    public TestPeer holdingCalls() {
        return answering(Answering.HOLD, 0);
    }

    private TestPeer answering(Answering how, int code) {
        this.answerCode = code;
        this.answering = how;
        return this;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    public List<RemotingCommand> oneway() {
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
        Call call = new Call(request, timeoutMillis, new CompletableFuture<>());
        calls.add(call);
        switch (answering) {
            case REFUSE -> call.answer().completeExceptionally(
                    new UnsupportedOperationException("connection " + connectionId + " takes no requests"));
            case AT_ONCE -> call.answer(answerCode, answerCode == ResponseCode.SUCCESS ? null : "refused by the test",
                    null);
            case TIME_OUT -> call.answer().completeExceptionally(
                    new RemotingTimeoutException("no answer in " + timeoutMillis + " ms"));
            case HOLD -> {
            }
        }
        return call.answer();
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
