package io.hexmq.client.internal.remote;

import io.hexmq.remoting.protocol.RemotingCommand;
import java.util.concurrent.CompletableFuture;

/**
 * The network under {@link Rpc}: a connection per server address, opened on first use. The remoting
 * module's Netty client in production ({@link NettyTransport}); tests answer the requests in memory.
 */
public interface Transport extends AutoCloseable {

    /**
     * Sends {@code request} and completes with the response, whatever its code; fails with a
     * {@code RemotingException} when no response comes (timeout, connection failure).
     */
    CompletableFuture<RemotingCommand> invoke(String address, RemotingCommand request, long timeoutMillis);

    /** Sends a oneway {@code request}; completes once it is written. */
    CompletableFuture<Void> invokeOneway(String address, RemotingCommand request);

    /** Closes every connection; requests waiting on them fail. */
    @Override
    void close();
}
