package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.CommandInboundHandler;
import io.hexmq.remoting.protocol.RemotingCommandDecoder;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * Assembles each accepted connection's pipeline: TLS detection (unless disabled), flush consolidation, idle detection,
 * frame codec, connection events, then the command handler. The shared handlers are created once, per server.
 *
 * <p>Every answer is written with its own flush, one system call each. The consolidation turns the
 * flushes of answers written while a read is in progress into one at the read's end, and those written
 * from handler threads into one per turn of the event loop (at most {@value #FLUSHES_PER_WRITE} a
 * write): a lone answer still goes out in the loop's next turn, never waiting for another one.
 */
final class ServerChannelInitializer extends ChannelInitializer<SocketChannel> {

    /** Netty's own example figure; more answers than this in one turn are flushed before the turn ends. */
    private static final int FLUSHES_PER_WRITE = 256;

    private final NettyServerSettings settings;
    private final RemotingCommandEncoder encoder = new RemotingCommandEncoder();
    private final IdleConnectionCloser idleCloser = new IdleConnectionCloser();
    private final ConnectionEventsHandler connectionEvents;
    private final CommandInboundHandler commands;

    ServerChannelInitializer(NettyServerSettings settings, ConnectionListener listener, CommandInboundHandler commands) {
        this.settings = settings;
        this.connectionEvents = new ConnectionEventsHandler(listener);
        this.commands = commands;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (settings.tls().mode() != TlsMode.DISABLED) {
            pipeline.addLast("tlsDetector", new TlsDetector(settings.tls()));
        }
        // Behind TLS, so the TLS handler encrypts a whole batch of answers per flush.
        pipeline.addLast("flushConsolidation", new FlushConsolidationHandler(FLUSHES_PER_WRITE, true));
        pipeline.addLast("idle", new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
        pipeline.addLast("idleCloser", idleCloser);
        pipeline.addLast("decoder", new RemotingCommandDecoder(settings.maxFrameLength()));
        pipeline.addLast("encoder", encoder);
        pipeline.addLast("commands", commands);
        pipeline.addLast("connectionEvents", connectionEvents);
    }
}
