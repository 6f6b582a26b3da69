package io.hexmq.remoting.protocol;

import io.hexmq.domain.connection.ConnectionId;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * The other end of one connection, able to receive requests from this side: a server uses it for
 * broker-to-client calls (CHECK_TRANSACTION_STATE, NOTIFY_CONSUMER_IDS_CHANGED, ...), a client
 * for whatever it sends. It stays valid as long as the connection lives; keep it to call later.
 *
 * <p>Returned futures complete on the connection's I/O thread: callbacks must not block.
 */
public interface RemotingPeer {

    /** Identity of the connection, stable for its whole life. */
    ConnectionId connectionId();

    /** The peer's address, or {@code null} before a client connection is established. */
    InetSocketAddress remoteAddress();

    boolean isActive();

    /**
     * Sends {@code request} stamped with a fresh opaque and completes with the peer's response. Fails
     * with {@link RemotingTimeoutException}, {@link RemotingSendException} or
     * {@link ConnectionClosedException}; a response with an error code still completes normally.
     */
    CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis);

    /** Sends {@code request} as oneway; completes once written, or fails with {@link RemotingSendException}. */
    CompletableFuture<Void> invokeOneway(RemotingCommand request);

    /** Closes the connection; requests waiting on it fail at once. */
    void close();
}
