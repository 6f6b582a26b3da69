package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.RemotingPeer;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Told when a connection to the server opens and closes, e.g. so the NameServer drops the broker that
 * registered over a connection as soon as it closes. The peer carries the
 * {@link RemotingPeer#connectionId() connection id} and the remote address.
 *
 * <p>Called on the connection's I/O thread: return quickly, or wrap the listener with
 * {@link #onExecutor(ConnectionListener, Executor)}.
 */
public interface ConnectionListener {

    ConnectionListener NONE = new ConnectionListener() {
    };

    default void connectionOpened(RemotingPeer peer) {
    }

    default void connectionClosed(RemotingPeer peer) {
    }

    /** Runs {@code listener}'s callbacks on {@code executor}, in submission order if it is single-threaded. */
    static ConnectionListener onExecutor(ConnectionListener listener, Executor executor) {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(executor, "executor");
        return new ConnectionListener() {
            @Override
            public void connectionOpened(RemotingPeer peer) {
                executor.execute(() -> listener.connectionOpened(peer));
            }

            @Override
            public void connectionClosed(RemotingPeer peer) {
                executor.execute(() -> listener.connectionClosed(peer));
            }
        };
    }
}
