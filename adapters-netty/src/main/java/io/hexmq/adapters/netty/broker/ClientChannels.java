package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.remoting.protocol.RemotingPeer;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connections of the clients that heartbeat to this broker, by connection id, so the broker can call
 * them later (NOTIFY_CONSUMER_IDS_CHANGED, RESET_CONSUMER_CLIENT_OFFSET) and name their addresses in
 * admin answers. The domain knows members only by {@link ConnectionId}; this is where an id becomes a
 * connection again.
 *
 * <p>Filled by the HEART_BEAT handler, emptied by {@link ClientConnectionCloseListener} when a connection
 * closes: the lead must route the server's close events there, or closed connections stay listed (calls
 * to them then fail quietly). Thread-safe.
 */
public final class ClientChannels {

    private final ConcurrentHashMap<ConnectionId, RemotingPeer> peers = new ConcurrentHashMap<>();

    /** Remembers the connection a heartbeat came over; a connection is remembered once. */
    public void remember(RemotingPeer peer) {
        Objects.requireNonNull(peer, "peer");
        peers.putIfAbsent(peer.connectionId(), peer);
    }

    public Optional<RemotingPeer> find(ConnectionId connection) {
        return Optional.ofNullable(peers.get(connection));
    }

    /** The client's {@code ip:port}, while its connection is known. */
    public Optional<String> address(ConnectionId connection) {
        return find(connection).map(RemotingPeer::remoteAddress).map(ClientChannels::format);
    }

    public void forget(ConnectionId connection) {
        peers.remove(connection);
    }

    public int size() {
        return peers.size();
    }

    private static String format(InetSocketAddress address) {
        String host = address.getAddress() != null ? address.getAddress().getHostAddress() : address.getHostString();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
    }
}
