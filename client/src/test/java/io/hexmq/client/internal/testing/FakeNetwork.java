package io.hexmq.client.internal.testing;

import io.hexmq.client.internal.remote.Transport;
import io.hexmq.remoting.protocol.ConnectionClosedException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * NameServers and brokers in memory, as the client's {@link Transport}: every request is recorded, and
 * answered by the {@link Server} the test gave its request code (for any address), or held until the
 * test answers it ({@link Call#answer}), as a long-polling broker does. A server that throws a
 * {@code RemotingException} plays one that cannot be reached or does not answer in time. Oneway
 * requests reach their server too, and its answer is dropped.
 */
public final class FakeNetwork implements Transport {

    /** How a fake server answers a request sent to {@code address}; {@code null} holds the request. */
    @FunctionalInterface
    public interface Server {
        RemotingCommand answer(String address, RemotingCommand request) throws Exception;
    }

    /** One request the client sent; {@code response} completes when it is answered (at once for oneway). */
    public record Call(String address, RemotingCommand request, CompletableFuture<RemotingCommand> response) {

        public boolean pending() {
            return !response.isDone();
        }

        /** Answers a held request. */
        public void answer(RemotingCommand answer) {
            response.complete(answer);
        }

        public void fail(Exception failure) {
            response.completeExceptionally(failure);
        }
    }

    private final Map<Integer, Server> servers = new ConcurrentHashMap<>();
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private volatile RequestDispatcher dispatcher;
    private volatile boolean closed;

    /** The transport factory for a {@code ClientRuntime}: keeps the client's dispatcher for {@link #brokerSends}. */
    public Function<RequestDispatcher, Transport> factory() {
        return clientDispatcher -> {
            this.dispatcher = clientDispatcher;
            return this;
        };
    }

    /** From now on {@code server} answers every request with {@code code}. */
    public FakeNetwork serve(int code, Server server) {
        servers.put(code, server);
        return this;
    }

    /** Every request with {@code code} is answered SUCCESS, without header or body. */
    public FakeNetwork succeed(int code) {
        return serve(code, (address, request) -> RemotingCommand.responseTo(request, ResponseCode.SUCCESS).build());
    }

    /** Requests with {@code code} are held from now on (their futures never complete unless answered). */
    public FakeNetwork hold(int code) {
        return serve(code, (address, request) -> null);
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(String address, RemotingCommand request, long timeoutMillis) {
        Call call = new Call(address, request, new CompletableFuture<>());
        calls.add(call);
        if (closed) {
            call.fail(new ConnectionClosedException("the client closed its connections"));
            return call.response();
        }
        Server server = servers.get(request.code());
        if (server == null) {
            throw new IllegalStateException("no fake server answers request code " + request.code() + " to "
                    + address);
        }
        try {
            RemotingCommand answer = server.answer(address, request);
            if (answer != null) {
                call.answer(answer);
            }
        } catch (Exception unreachable) {
            call.fail(unreachable);
        }
        return call.response();
    }

    @Override
    public CompletableFuture<Void> invokeOneway(String address, RemotingCommand request) {
        Call call = new Call(address, request, CompletableFuture.completedFuture(null));
        calls.add(call);
        if (closed) {
            return CompletableFuture.failedFuture(new ConnectionClosedException("the client closed its connections"));
        }
        Server server = servers.get(request.code());
        if (server != null) {
            try {
                server.answer(address, request);
            } catch (Exception unreachable) {
                return CompletableFuture.failedFuture(unreachable);
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void close() {
        closed = true;
        calls.stream().filter(Call::pending)
                .forEach(call -> call.fail(new ConnectionClosedException("the client closed its connections")));
    }

    public boolean isClosed() {
        return closed;
    }

    /** Every request sent so far, in order. */
    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The requests with {@code code} sent so far, in order. */
    public List<Call> calls(int code) {
        return calls.stream().filter(call -> call.request().code() == code).toList();
    }

    /** The requests with {@code code} not answered yet. */
    public List<Call> pending(int code) {
        return calls(code).stream().filter(Call::pending).toList();
    }

    /** Forgets the requests sent so far (the servers stay). */
    public void clearCalls() {
        calls.clear();
    }

    /**
     * Waits (bounded) until a request with {@code code} is pending, for tests whose client sends it from
     * another thread; fails when none comes within five seconds.
     */
    public Call awaitPending(int code) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            List<Call> pending = pending(code);
            if (!pending.isEmpty()) {
                return pending.get(0);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        throw new AssertionError("no request with code " + code + " was sent");
    }

    /**
     * A broker at {@code brokerAddress} sends {@code request} to the client (NOTIFY_CONSUMER_IDS_CHANGED,
     * ...); completes with the client's answer.
     */
    public CompletableFuture<RemotingCommand> brokerSends(String brokerAddress, RemotingCommand request) {
        if (dispatcher == null) {
            throw new IllegalStateException("no client was made on this network");
        }
        return dispatcher.dispatch(request, broker(brokerAddress).context());
    }

    /** The broker's end of its connection to the client, named by its address. */
    private static TestPeer broker(String address) {
        int colon = address.lastIndexOf(':');
        return new TestPeer(address, InetSocketAddress.createUnresolved(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1))));
    }
}
