package io.hexmq.adapters.netty.server;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Closes a connection when the {@code IdleStateHandler} before it reports it idle. */
@ChannelHandler.Sharable
final class IdleConnectionCloser extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(IdleConnectionCloser.class);

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            LOG.info("Closing idle connection {}", ctx.channel().remoteAddress());
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(event);
    }
}
