package io.hexmq.remoting.protocol;

import io.hexmq.domain.connection.ConnectionId;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * What a {@link RequestHandler} knows about where a request came from: the connection's peer,
 * through which it can also call back later.
 */
public record RequestContext(RemotingPeer peer) {

    public RequestContext {
        Objects.requireNonNull(peer, "peer");
    }

    public ConnectionId connectionId() {
        return peer.connectionId();
    }

    public InetSocketAddress remoteAddress() {
        return peer.remoteAddress();
    }
}
