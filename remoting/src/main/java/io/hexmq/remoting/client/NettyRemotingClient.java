package io.hexmq.remoting.client;

import io.hexmq.remoting.protocol.ChannelPeer;
import io.hexmq.remoting.protocol.CommandInboundHandler;
import io.hexmq.remoting.protocol.PendingResponses;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingConnectException;
import io.hexmq.remoting.protocol.RemotingException;
import io.hexmq.remoting.protocol.RemotingSendException;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.RequestSigner;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends requests to remoting servers by address ({@code "host:port"}): sync, async or oneway.
 *
 * <p>One connection per address, opened on first use and opened again when it has closed, so a
 * restarted server is reached on the next call. Each instance numbers its own requests. A request
 * fails with {@link RemotingConnectException} if no connection can be made, with
 * {@link RemotingTimeoutException} after its timeout, and at once with a
 * {@link io.hexmq.remoting.protocol.ConnectionClosedException} if its connection closes.
 * Requests a server sends over these connections (broker-to-client calls) go to the
 * {@link RequestDispatcher} given here.
 *
 * <p>Each request goes out as the {@link RequestSigner} given here makes it (signed with the user's
 * credentials, or as it is).
 *
 * <p>Futures complete on I/O threads: callbacks must not block. The I/O threads start with the
 * first connection; {@link #close()} ends them.
 */
public final class NettyRemotingClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NettyRemotingClient.class);

    /** Grace on top of the request's own timer in {@link #invokeSync}, which that timer normally beats. */
    private static final long SYNC_WAIT_MARGIN_MILLIS = 1_000;

    private final NettyClientSettings settings;
    private final EventLoopGroup ioGroup;
    private final Bootstrap bootstrap;
    private final PendingResponses pending = new PendingResponses();
    private final Map<String, ChannelFuture> channels = new ConcurrentHashMap<>();
    private final RequestSigner signer;
    private volatile boolean closed;

    public NettyRemotingClient(NettyClientSettings settings, RequestDispatcher dispatcher, RequestSigner signer) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.signer = Objects.requireNonNull(signer, "signer");
        Objects.requireNonNull(dispatcher, "dispatcher");
        this.ioGroup = new MultiThreadIoEventLoopGroup(settings.ioThreads(), new DefaultThreadFactory("hexmq-client-io"),
                NioIoHandler.newFactory());
        this.bootstrap = new Bootstrap()
                .group(ioGroup)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) settings.connectTimeout().toMillis())
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .handler(new ClientChannelInitializer(settings.maxFrameLength(), settings.tls(),
                        new CommandInboundHandler(dispatcher, pending)));
    }

    /** A client that does not sign its requests. */
    public NettyRemotingClient(NettyClientSettings settings, RequestDispatcher dispatcher) {
        this(settings, dispatcher, RequestSigner.NONE);
    }

    /** A client that serves no requests from servers (they are answered REQUEST_CODE_NOT_SUPPORTED). */
    public NettyRemotingClient(NettyClientSettings settings) {
        this(settings, RequestDispatcher.empty());
    }

    /**
     * Sends {@code request} and waits for the response. Must not be called on an I/O thread.
     *
     * @throws RemotingException      if no response arrives (timeout, connection failure or close)
     * @throws InterruptedException   if the waiting thread is interrupted
     */
    public RemotingCommand invokeSync(String address, RemotingCommand request, long timeoutMillis)
            throws InterruptedException {
        for (EventExecutor ioThread : ioGroup) {
            if (ioThread.inEventLoop()) {
                throw new IllegalStateException("invokeSync on an I/O thread would block the responses it waits for");
            }
        }
        CompletableFuture<RemotingCommand> response = invokeAsync(address, request, timeoutMillis);
        long waitMillis = settings.connectTimeout().toMillis() + timeoutMillis + SYNC_WAIT_MARGIN_MILLIS;
        try {
            return response.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RemotingException remoting) {
                throw remoting;
            }
            throw new RemotingSendException("request code " + request.code() + " to " + address + " failed",
                    e.getCause());
        } catch (TimeoutException e) {
            response.cancel(false);
            throw new RemotingTimeoutException("no response to request code " + request.code() + " from "
                    + address + " within " + waitMillis + " ms");
        }
    }

    /** Sends {@code request}; the future completes with the response or fails with a {@link RemotingException}. */
    public CompletableFuture<RemotingCommand> invokeAsync(String address, RemotingCommand request, long timeoutMillis) {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeoutMillis must be positive: " + timeoutMillis);
        }
        long startNanos = System.nanoTime();
        RemotingCommand outgoing = signer.sign(request);
        return whenConnected(address, peer -> {
            long remainingMillis = timeoutMillis - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
            if (remainingMillis <= 0) {
                return CompletableFuture.failedFuture(new RemotingTimeoutException("connecting to " + address
                        + " used up the " + timeoutMillis + " ms timeout of request code " + request.code()));
            }
            return peer.invoke(outgoing, remainingMillis);
        });
    }

    /** Sends {@code request} as oneway; the future completes once it is written. */
    public CompletableFuture<Void> invokeOneway(String address, RemotingCommand request) {
        RemotingCommand outgoing = signer.sign(request);
        return whenConnected(address, peer -> peer.invokeOneway(outgoing));
    }

    /** Closes the connection to {@code address}, if any; the next request opens a new one. */
    public void closeConnection(String address) {
        ChannelFuture connection = channels.remove(address);
        if (connection != null) {
            connection.channel().close();
        }
    }

    /** Closes every connection (failing their waiting requests) and ends the I/O threads. */
    @Override
    public void close() {
        closed = true;
        channels.values().forEach(connection -> connection.channel().close());
        channels.clear();
        long timeoutMillis = settings.shutdownTimeout().toMillis();
        ioGroup.shutdownGracefully(0, timeoutMillis, TimeUnit.MILLISECONDS).awaitUninterruptibly(timeoutMillis + 1_000);
    }

    private <T> CompletableFuture<T> whenConnected(String address, Function<ChannelPeer, CompletableFuture<T>> call) {
        ChannelFuture connection = connection(address);
        CompletableFuture<T> result = new CompletableFuture<>();
        connection.addListener(connect -> {
            if (!connect.isSuccess()) {
                result.completeExceptionally(new RemotingConnectException(address, connect.cause()));
                return;
            }
            call.apply(ChannelPeer.of(connection.channel())).whenComplete((value, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(value);
                }
            });
        });
        return result;
    }

    /** The live or pending connection to {@code address}, replacing one that failed or closed. */
    private ChannelFuture connection(String address) {
        if (closed) {
            throw new IllegalStateException("client is closed");
        }
        ChannelFuture current = channels.get(address);
        if (usable(current)) {
            return current;
        }
        // Resolved outside compute(): a host name lookup must not hold the map's lock.
        InetSocketAddress target = socketAddress(address);
        return channels.compute(address, (key, existing) -> {
            if (usable(existing)) {
                return existing;
            }
            LOG.debug("Connecting to {}", key);
            return bootstrap.connect(target);
        });
    }

    /** Still connecting, or connected and open. */
    private static boolean usable(ChannelFuture connection) {
        return connection != null && (!connection.isDone() || connection.channel().isActive());
    }

    private static InetSocketAddress socketAddress(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("address must be host:port: " + address);
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            return new InetSocketAddress(host, Integer.parseInt(address.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("address must be host:port: " + address, e);
        }
    }
}
