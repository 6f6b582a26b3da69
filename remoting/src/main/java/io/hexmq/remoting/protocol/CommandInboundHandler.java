package io.hexmq.remoting.protocol;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last handler of a server's or client's pipeline: responses complete the requests this side
 * sent ({@link PendingResponses}), requests go to the {@link RequestDispatcher} and its answer is
 * written back. Attaches a {@link ChannelPeer} to each channel and fails the channel's waiting
 * requests as soon as it closes. Holds no per-channel state, hence shared.
 */
@ChannelHandler.Sharable
public final class CommandInboundHandler extends SimpleChannelInboundHandler<RemotingCommand> {

    private static final Logger LOG = LoggerFactory.getLogger(CommandInboundHandler.class);

    private final RequestDispatcher dispatcher;
    private final PendingResponses pending;

    public CommandInboundHandler(RequestDispatcher dispatcher, PendingResponses pending) {
        super(RemotingCommand.class);
        this.dispatcher = dispatcher;
        this.pending = pending;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ChannelPeer.attach(ctx.channel(), pending);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, RemotingCommand command) {
        Channel channel = ctx.channel();
        if (command.isResponse()) {
            if (!pending.complete(command)) {
                LOG.debug("Dropping response opaque {} from {}: nobody waits for it (timed out?)",
                        command.opaque(), channel.remoteAddress());
            }
            return;
        }
        ChannelPeer peer = ChannelPeer.of(channel);
        dispatcher.dispatch(command, new RequestContext(peer)).thenAccept(response -> {
            if (response != null) {
                channel.writeAndFlush(response).addListener(write -> {
                    if (!write.isSuccess()) {
                        LOG.warn("Could not answer request code {} (opaque {}) to {}: {}", command.code(),
                                command.opaque(), peer.remoteAddress(), String.valueOf(write.cause()));
                    }
                });
            }
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ChannelPeer peer = ChannelPeer.of(ctx.channel());
        pending.failAll(ctx.channel(), request -> new ConnectionClosedException("connection to "
                + peer.remoteAddress() + " closed before the response to request code " + request.code()
                + " (opaque " + request.opaque() + ") arrived"));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            // Resets by the peer are routine; the close itself is what matters.
            LOG.debug("Closing connection {}: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("Closing connection {}", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
