package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.ChannelPeer;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Forwards channel activation and closing to the {@link ConnectionListener}. */
@ChannelHandler.Sharable
final class ConnectionEventsHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionEventsHandler.class);

    private final ConnectionListener listener;

    ConnectionEventsHandler(ConnectionListener listener) {
        this.listener = listener;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ChannelPeer peer = ChannelPeer.of(ctx.channel());
        LOG.debug("Connection {} opened from {}", peer.connectionId(), peer.remoteAddress());
        try {
            listener.connectionOpened(peer);
        } catch (RuntimeException e) {
            LOG.error("Connection listener failed on open of {}", peer, e);
        }
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ChannelPeer peer = ChannelPeer.of(ctx.channel());
        LOG.debug("Connection {} from {} closed", peer.connectionId(), peer.remoteAddress());
        try {
            listener.connectionClosed(peer);
        } catch (RuntimeException e) {
            LOG.error("Connection listener failed on close of {}", peer, e);
        }
        ctx.fireChannelInactive();
    }
}
