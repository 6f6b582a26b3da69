package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.CommandInboundHandler;
import io.hexmq.remoting.protocol.PendingResponses;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.Future;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TCP server speaking the remoting protocol: one acceptor thread, {@code ioThreads} I/O threads,
 * every request handed to the {@link RequestDispatcher} (which runs handlers on their executors).
 *
 * <p>Lifecycle: {@link #start()} binds and creates the threads, {@link #stop()} stops accepting,
 * closes the connections and waits up to {@code shutdownTimeout} for the threads to end. An instance
 * starts once; build a new one to start again.
 *
 * <pre>{@code
 * RequestDispatcher dispatcher = RequestDispatcher.builder()
 *         .register(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoHandler(getTopicRoute), namesrvExecutor)
 *         .build();
 * NettyRemotingServer server = new NettyRemotingServer(NettyServerSettings.defaults("0.0.0.0", 9876),
 *         dispatcher, connectionListener);
 * server.start();
 * }</pre>
 */
public final class NettyRemotingServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NettyRemotingServer.class);

    private enum State { NEW, STARTED, STOPPED }

    private final NettyServerSettings settings;
    private final RequestDispatcher dispatcher;
    private final ConnectionListener listener;
    private final PendingResponses pending = new PendingResponses();

    private State state = State.NEW;
    private EventLoopGroup acceptorGroup;
    private EventLoopGroup ioGroup;
    private Channel serverChannel;

    public NettyRemotingServer(NettyServerSettings settings, RequestDispatcher dispatcher, ConnectionListener listener) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.dispatcher = Objects.requireNonNull(dispatcher, "dispatcher");
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    public NettyRemotingServer(NettyServerSettings settings, RequestDispatcher dispatcher) {
        this(settings, dispatcher, ConnectionListener.NONE);
    }

    /** Binds the address and starts serving; throws {@link ServerBindException} if binding fails. */
    public synchronized void start() {
        if (state != State.NEW) {
            throw new IllegalStateException("server already " + state.name().toLowerCase());
        }
        state = State.STARTED;
        acceptorGroup = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("hexmq-server-acceptor"),
                NioIoHandler.newFactory());
        ioGroup = new MultiThreadIoEventLoopGroup(settings.ioThreads(), new DefaultThreadFactory("hexmq-server-io"),
                NioIoHandler.newFactory());
        CommandInboundHandler commands = new CommandInboundHandler(dispatcher, pending);
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptorGroup, ioGroup)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                // Lets a restarted server bind its port while old connections sit in TIME_WAIT.
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childHandler(new ServerChannelInitializer(settings, listener, commands));
        ChannelFuture bound = bootstrap.bind(settings.host(), settings.port()).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            shutdownGroups();
            state = State.STOPPED;
            throw new ServerBindException("cannot bind " + settings.host() + ":" + settings.port(), bound.cause());
        }
        serverChannel = bound.channel();
        LOG.info("Remoting server listening on {}", serverChannel.localAddress());
    }

    /** The bound address, with the actual port when the settings asked for port 0. */
    public synchronized InetSocketAddress localAddress() {
        if (state != State.STARTED) {
            throw new IllegalStateException("server is " + state.name().toLowerCase());
        }
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** Stops accepting, closes every connection and waits for the I/O threads; idempotent. */
    public synchronized void stop() {
        if (state != State.STARTED) {
            state = State.STOPPED;
            return;
        }
        state = State.STOPPED;
        InetSocketAddress address = (InetSocketAddress) serverChannel.localAddress();
        serverChannel.close().awaitUninterruptibly();
        shutdownGroups();
        LOG.info("Remoting server on {} stopped", address);
    }

    @Override
    public void close() {
        stop();
    }

    private void shutdownGroups() {
        long timeoutMillis = settings.shutdownTimeout().toMillis();
        // No quiet period: the server channel is closed, so no new work can arrive.
        Future<?> acceptor = acceptorGroup.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS);
        Future<?> io = ioGroup.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS);
        acceptor.awaitUninterruptibly(timeoutMillis + 1_000);
        io.awaitUninterruptibly(timeoutMillis + 1_000);
    }
}
