package io.hexmq.benchmarks.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.rocketmq.remoting.netty.NettyDecoder;
import org.apache.rocketmq.remoting.netty.NettyEncoder;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * One TCP connection of an emulated client, framed by the official client's own encoder and decoder, so
 * what reaches the server is byte for byte what an official client sends. Many share one event loop
 * group: the point is the server's cost per connection, not a thread per client on the load side.
 */
final class WireConnection {

    private final Channel channel;
    private final Map<Integer, CompletableFuture<RemotingCommand>> pending;

    private WireConnection(Channel channel, Map<Integer, CompletableFuture<RemotingCommand>> pending) {
        this.channel = channel;
        this.pending = pending;
    }

    /** Connects without blocking: the stage completes on the connection's event loop once it is up. */
    static CompletableFuture<WireConnection> open(EventLoopGroup loop, String address) {
        int colon = address.lastIndexOf(':');
        InetSocketAddress remote = new InetSocketAddress(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1)));
        Map<Integer, CompletableFuture<RemotingCommand>> pending = new ConcurrentHashMap<>();
        CompletableFuture<WireConnection> opened = new CompletableFuture<>();
        ChannelFuture connect = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new NettyEncoder(), new NettyDecoder(), new Answers(pending));
                    }
                })
                .connect(remote);
        connect.addListener(done -> {
            if (!done.isSuccess()) {
                opened.completeExceptionally(done.cause());
                return;
            }
            Channel channel = connect.channel();
            channel.closeFuture().addListener(closed -> pending.values().forEach(answer ->
                    answer.completeExceptionally(new IOException("connection to " + address + " closed"))));
            opened.complete(new WireConnection(channel, pending));
        });
        return opened;
    }

    /** Sends a request; the answer completes the stage, or the timeout fails it. */
    CompletableFuture<RemotingCommand> request(RemotingCommand request, long timeoutMillis) {
        CompletableFuture<RemotingCommand> answer = new CompletableFuture<>();
        pending.put(request.getOpaque(), answer);
        channel.writeAndFlush(request).addListener(written -> {
            if (!written.isSuccess()) {
                fail(request.getOpaque(), written.cause());
            }
        });
        channel.eventLoop().schedule(() -> fail(request.getOpaque(),
                new TimeoutException("no answer in " + timeoutMillis + " ms")), timeoutMillis, TimeUnit.MILLISECONDS);
        return answer;
    }

    void oneway(RemotingCommand request) {
        request.markOnewayRPC();
        channel.writeAndFlush(request);
    }

    Channel channel() {
        return channel;
    }

    void close() {
        channel.close();
    }

    private void fail(int opaque, Throwable cause) {
        CompletableFuture<RemotingCommand> answer = pending.remove(opaque);
        if (answer != null) {
            answer.completeExceptionally(cause);
        }
    }

    private static final class Answers extends SimpleChannelInboundHandler<RemotingCommand> {

        private final Map<Integer, CompletableFuture<RemotingCommand>> pending;

        Answers(Map<Integer, CompletableFuture<RemotingCommand>> pending) {
            this.pending = pending;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, RemotingCommand command) {
            if (command.isResponseType()) {
                CompletableFuture<RemotingCommand> answer = pending.remove(command.getOpaque());
                if (answer != null) {
                    answer.complete(command);
                }
            }
            // Requests from the server (e.g. NOTIFY_CONSUMER_IDS_CHANGED) are oneway; the emulated client's
            // next rebalance query picks up the change, as a real one would soon after.
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
