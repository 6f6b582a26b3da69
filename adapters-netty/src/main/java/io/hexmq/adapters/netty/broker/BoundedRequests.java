package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.ResponseCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The broker's own requests to other servers (NameServers, other brokers): one request to several servers at once,
 * each answer awaited at most the timeout, connecting included, and every server's outcome told apart: its
 * successful response, or why there is none (down, silent, refusing). Must not be called on a Netty I/O thread.
 */
final class BoundedRequests {

    /** One server's outcome: {@code response} when it answered SUCCESS, otherwise {@code failure} says why not. */
    record Outcome(String server, RemotingCommand response, String failure) {

        static Outcome answered(String server, RemotingCommand response) {
            return new Outcome(server, response, null);
        }

        static Outcome failed(String server, String failure) {
            return new Outcome(server, null, failure);
        }

        boolean succeeded() {
            return failure == null;
        }
    }

    private final NettyRemotingClient client;
    private final long timeoutMillis;

    BoundedRequests(NettyRemotingClient client, Duration timeout) {
        this.client = Objects.requireNonNull(client, "client");
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.toMillis() <= 0) {
            throw new IllegalArgumentException("the request timeout must be at least 1 ms: " + timeout);
        }
        this.timeoutMillis = timeout.toMillis();
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    /** Sends {@code request} to every server at once; each one's outcome, in the servers' order. */
    List<Outcome> sendToAll(Collection<String> servers, RemotingCommand request) {
        List<CompletableFuture<Outcome>> calls = new ArrayList<>(servers.size());
        for (String server : servers) {
            calls.add(send(server, request));
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        return calls.stream().map(CompletableFuture::join).toList();
    }

    private CompletableFuture<Outcome> send(String server, RemotingCommand request) {
        CompletableFuture<RemotingCommand> response;
        try {
            response = client.invokeAsync(server, request, timeoutMillis);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        // The client's own timer starts after connecting; this bound covers the connect time too.
        return response.orTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .handle((answer, failure) -> outcome(server, answer, failure));
    }

    private Outcome outcome(String server, RemotingCommand answer, Throwable failure) {
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            // Either bound may fire first (the client's starts later, but a loaded machine runs timers late).
            boolean timedOut = cause instanceof TimeoutException || cause instanceof RemotingTimeoutException;
            return Outcome.failed(server, timedOut ? "no answer within " + timeoutMillis + " ms" : cause.toString());
        }
        if (answer.code() != ResponseCode.SUCCESS) {
            return Outcome.failed(server, "refused: code " + answer.code() + ", " + answer.remark());
        }
        return Outcome.answered(server, answer);
    }
}
