package io.hexmq.remoting.protocol;

import io.hexmq.domain.connection.ConnectionId;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link RemotingPeer} over one Netty channel. {@link CommandInboundHandler} attaches one to every
 * channel it serves; responses to its requests come back through the same handler.
 */
public final class ChannelPeer implements RemotingPeer {

    private static final AttributeKey<ChannelPeer> PEER = AttributeKey.valueOf(ChannelPeer.class, "peer");

    private final Channel channel;
    private final PendingResponses pending;
    private final ConnectionId connectionId;
    private volatile InetSocketAddress remoteAddress;

    private ChannelPeer(Channel channel, PendingResponses pending) {
        this.channel = channel;
        this.pending = pending;
        this.connectionId = new ConnectionId(channel.id().asLongText());
    }

    static ChannelPeer attach(Channel channel, PendingResponses pending) {
        ChannelPeer peer = new ChannelPeer(channel, pending);
        ChannelPeer existing = channel.attr(PEER).setIfAbsent(peer);
        return existing != null ? existing : peer;
    }

    /** The peer of a channel served by a {@link CommandInboundHandler}. */
    public static ChannelPeer of(Channel channel) {
        ChannelPeer peer = channel.attr(PEER).get();
        if (peer == null) {
            throw new IllegalStateException("channel " + channel + " has no CommandInboundHandler");
        }
        return peer;
    }

    @Override
    public ConnectionId connectionId() {
        return connectionId;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        InetSocketAddress address = remoteAddress;
        if (address == null) {
            // Cached once known: a closed channel may no longer report it, yet close listeners need it.
            SocketAddress current = channel.remoteAddress();
            if (current instanceof InetSocketAddress inet) {
                remoteAddress = inet;
                address = inet;
            }
        }
        return address;
    }

    @Override
    public boolean isActive() {
        return channel.isActive();
    }

    @Override
    public CompletableFuture<RemotingCommand> invoke(RemotingCommand request, long timeoutMillis) {
        requireRequest(request);
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeoutMillis must be positive: " + timeoutMillis);
        }
        RemotingCommand stamped = request.withOpaque(pending.nextOpaque());
        CompletableFuture<RemotingCommand> response = pending.register(stamped, channel, timeoutMillis);
        channel.writeAndFlush(stamped).addListener(write -> {
            if (!write.isSuccess()) {
                pending.fail(stamped.opaque(), new RemotingSendException(
                        "cannot send request code " + stamped.code() + " to " + remoteAddress(), write.cause()));
            }
        });
        return response;
    }

    @Override
    public CompletableFuture<Void> invokeOneway(RemotingCommand request) {
        requireRequest(request);
        RemotingCommand stamped = request.asOneway().withOpaque(pending.nextOpaque());
        CompletableFuture<Void> written = new CompletableFuture<>();
        channel.writeAndFlush(stamped).addListener(write -> {
            if (write.isSuccess()) {
                written.complete(null);
            } else {
                written.completeExceptionally(new RemotingSendException(
                        "cannot send request code " + stamped.code() + " to " + remoteAddress(), write.cause()));
            }
        });
        return written;
    }

    @Override
    public void close() {
        channel.close();
    }

    @Override
    public String toString() {
        return "ChannelPeer[" + connectionId + " " + remoteAddress() + "]";
    }

    private static void requireRequest(RemotingCommand request) {
        if (request.isResponse()) {
            throw new IllegalArgumentException("not a request: " + request);
        }
    }
}
