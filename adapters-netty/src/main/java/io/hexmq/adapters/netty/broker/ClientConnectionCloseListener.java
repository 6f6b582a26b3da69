package io.hexmq.adapters.netty.broker;

import io.hexmq.application.consumer.DropClientConnection;
import io.hexmq.domain.connection.ConnectionId;
import java.util.Objects;

/**
 * Ends a client's group memberships as soon as its connection closes (inactive, exception or idle),
 * so the rest of its consumer groups rebalance at once, and forgets the connection in
 * {@link ClientChannels}. The server's close events must be routed to {@link #connectionClosed}; a
 * connection that never heartbeat changes nothing.
 */
public final class ClientConnectionCloseListener {

    private final DropClientConnection dropClientConnection;
    private final ClientChannels channels;

    public ClientConnectionCloseListener(DropClientConnection dropClientConnection, ClientChannels channels) {
        this.dropClientConnection = Objects.requireNonNull(dropClientConnection, "dropClientConnection");
        this.channels = Objects.requireNonNull(channels, "channels");
    }

    public void connectionClosed(ConnectionId connection) {
        // Forget first: the remaining members are notified next, and the closed one cannot be reached.
        channels.forget(connection);
        dropClientConnection.drop(new DropClientConnection.Command(connection));
    }
}
