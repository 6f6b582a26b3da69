package io.hexmq.remoting.client;

import io.hexmq.remoting.protocol.CommandInboundHandler;
import io.hexmq.remoting.protocol.RemotingCommandDecoder;
import io.hexmq.remoting.protocol.RemotingCommandEncoder;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;

/** Assembles each client connection's pipeline: TLS when asked for, frame codec, then the command handler. */
final class ClientChannelInitializer extends ChannelInitializer<SocketChannel> {

    private final int maxFrameLength;
    private final ClientTls tls;
    private final RemotingCommandEncoder encoder = new RemotingCommandEncoder();
    private final CommandInboundHandler commands;

    ClientChannelInitializer(int maxFrameLength, ClientTls tls, CommandInboundHandler commands) {
        this.maxFrameLength = maxFrameLength;
        this.tls = tls;
        this.commands = commands;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        tls.addTo(pipeline);
        pipeline.addLast("decoder", new RemotingCommandDecoder(maxFrameLength));
        pipeline.addLast("encoder", encoder);
        pipeline.addLast("commands", commands);
    }
}
