package io.hexmq.client.internal.remote;

import io.hexmq.client.HexmqClientException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingException;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Remote calls with the SDK's error model: every failure becomes a {@link HexmqClientException}
 * (transport failures with the negative client codes, refusals with the server's code and remark).
 */
public final class Rpc {

    private final Transport transport;

    public Rpc(Transport transport) {
        this.transport = transport;
    }

    /** The response, whatever its code; fails only when none came. */
    public CompletableFuture<RemotingCommand> invoke(String address, RemotingCommand request, long timeoutMillis) {
        CompletableFuture<RemotingCommand> sent;
        try {
            sent = transport.invoke(address, request, timeoutMillis);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(translate(e, request, address));
        }
        return sent.handle((response, failure) -> {
            if (failure != null) {
                throw translate(failure, request, address);
            }
            return response;
        });
    }

    /** The response if its code is SUCCESS; any other code fails the future with that code and remark. */
    public CompletableFuture<RemotingCommand> invokeExpectingSuccess(String address, RemotingCommand request,
                                                              long timeoutMillis) {
        return invoke(address, request, timeoutMillis).thenApply(Rpc::requireSuccess);
    }

    public CompletableFuture<Void> invokeOneway(String address, RemotingCommand request) {
        CompletableFuture<Void> sent;
        try {
            sent = transport.invokeOneway(address, request.asOneway());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(translate(e, request, address));
        }
        return sent.handle((written, failure) -> {
            if (failure != null) {
                throw translate(failure, request, address);
            }
            return null;
        });
    }

    public static RemotingCommand requireSuccess(RemotingCommand response) {
        if (response.code() != ResponseCode.SUCCESS) {
            throw new HexmqClientException(response.code(), response.remark());
        }
        return response;
    }

    /** Waits for {@code future} and throws its failure as a {@link HexmqClientException} thrown here. */
    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(false);
            throw new HexmqClientException(HexmqClientException.CLIENT_ERROR, "interrupted while waiting", e);
        } catch (ExecutionException e) {
            HexmqClientException cause = asClientException(e.getCause());
            // A new exception, so the stack trace shows the caller as well as where the failure came from.
            throw new HexmqClientException(cause.responseCode(), cause.remark(), cause);
        }
    }

    public static HexmqClientException asClientException(Throwable failure) {
        Throwable cause = unwrap(failure);
        if (cause instanceof HexmqClientException client) {
            return client;
        }
        return new HexmqClientException(HexmqClientException.CLIENT_ERROR, String.valueOf(cause.getMessage()), cause);
    }

    public static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static HexmqClientException translate(Throwable failure, RemotingCommand request, String address) {
        Throwable cause = unwrap(failure);
        if (cause instanceof HexmqClientException client) {
            return client;
        }
        if (cause instanceof RemotingTimeoutException) {
            return new HexmqClientException(HexmqClientException.TIMEOUT, "no answer from " + address
                    + " to request code " + request.code() + " in time", cause);
        }
        if (cause instanceof RemotingException) {
            return new HexmqClientException(HexmqClientException.CONNECTION_FAILED, "request code " + request.code()
                    + " to " + address + " failed: " + cause.getMessage(), cause);
        }
        return new HexmqClientException(HexmqClientException.CLIENT_ERROR, "request code " + request.code()
                + " to " + address + " failed: " + cause, cause);
    }
}
