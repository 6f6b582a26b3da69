package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.CommandInboundHandler;
import io.hexmq.remoting.protocol.RemotingCommandDecoder;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * Assembles each accepted connection's pipeline: TLS detection (unless disabled), idle detection, frame codec, connection events,
 * then the command handler. The shared handlers are created once, per server.
 */
final class ServerChannelInitializer extends ChannelInitializer<SocketChannel> {

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
        pipeline.addLast("idle", new IdleStateHandler(0, 0, settings.idleTimeout().toMillis(), TimeUnit.MILLISECONDS));
        pipeline.addLast("idleCloser", idleCloser);
        pipeline.addLast("decoder", new RemotingCommandDecoder(settings.maxFrameLength()));
        pipeline.addLast("encoder", encoder);
        pipeline.addLast("commands", commands);
        pipeline.addLast("connectionEvents", connectionEvents);
    }
}
