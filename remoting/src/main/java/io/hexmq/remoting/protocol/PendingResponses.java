package io.hexmq.remoting.protocol;

import io.netty.channel.Channel;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Requests sent by one server or client instance that still wait for their response, by opaque.
 * The instance's opaque counter lives here, so two instances never share state.
 *
 * <p>Each entry has a timer on its channel's event loop that fails it with
 * {@link RemotingTimeoutException}; the response, a failed write or the channel's close remove it
 * first. Whoever removes an entry completes it, so each future completes exactly once.
 */
public final class PendingResponses {

    private static final class Pending {
        final Channel channel;
        final RemotingCommand request;
        final CompletableFuture<RemotingCommand> future = new CompletableFuture<>();
        volatile ScheduledFuture<?> timeout;

        Pending(Channel channel, RemotingCommand request) {
            this.channel = channel;
            this.request = request;
        }
    }

    private final AtomicInteger opaques = new AtomicInteger();
    private final Map<Integer, Pending> table = new ConcurrentHashMap<>();

    /** A fresh opaque; it wraps around after 2^32 requests, long after older ones timed out. */
    public int nextOpaque() {
        return opaques.getAndIncrement();
    }

    /** Registers {@code request} (already stamped with its opaque) before it is written. */
    CompletableFuture<RemotingCommand> register(RemotingCommand request, Channel channel, long timeoutMillis) {
        Pending pending = new Pending(channel, request);
        if (table.putIfAbsent(request.opaque(), pending) != null) {
            pending.future.completeExceptionally(new RemotingSendException(
                    "opaque " + request.opaque() + " is still waiting for a response", null));
            return pending.future;
        }
        pending.timeout = channel.eventLoop().schedule(() -> expire(request.opaque(), pending, timeoutMillis),
                timeoutMillis, TimeUnit.MILLISECONDS);
        return pending.future;
    }

    /** Completes the request {@code response} answers; {@code false} if none waits (it timed out). */
    boolean complete(RemotingCommand response) {
        Pending pending = table.remove(response.opaque());
        if (pending == null) {
            return false;
        }
        cancelTimer(pending);
        pending.future.complete(response);
        return true;
    }

    void fail(int opaque, RemotingException failure) {
        Pending pending = table.remove(opaque);
        if (pending != null) {
            cancelTimer(pending);
            pending.future.completeExceptionally(failure);
        }
    }

    /** Fails every request waiting on {@code channel}, at once rather than at their timeouts. */
    void failAll(Channel channel, Function<RemotingCommand, RemotingException> failure) {
        table.forEach((opaque, pending) -> {
            if (pending.channel == channel && table.remove(opaque, pending)) {
                cancelTimer(pending);
                pending.future.completeExceptionally(failure.apply(pending.request));
            }
        });
    }

    /** How many requests wait; for tests and metrics. */
    public int size() {
        return table.size();
    }

    private void expire(int opaque, Pending pending, long timeoutMillis) {
        if (table.remove(opaque, pending)) {
            pending.future.completeExceptionally(new RemotingTimeoutException("no response to request code "
                    + pending.request.code() + " (opaque " + opaque + ") from " + pending.channel.remoteAddress()
                    + " within " + timeoutMillis + " ms"));
        }
    }

    private static void cancelTimer(Pending pending) {
        ScheduledFuture<?> timeout = pending.timeout;
        if (timeout != null) {
            timeout.cancel(false);
        }
    }
}
