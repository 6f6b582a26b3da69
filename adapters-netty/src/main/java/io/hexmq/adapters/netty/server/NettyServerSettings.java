package io.hexmq.adapters.netty.server;

import io.hexmq.remoting.protocol.FrameLayout;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one {@link NettyRemotingServer}, validated once here.
 *
 * @param host            address to bind, e.g. {@code 0.0.0.0} or {@code 127.0.0.1}
 * @param port            port to bind; 0 picks a free one (see {@link NettyRemotingServer#localAddress()})
 * @param ioThreads       I/O threads serving the connections (handlers run on their own executors)
 * @param idleTimeout     a connection with no read or write for this long is closed (clients heartbeat every 30 s)
 * @param maxFrameLength  largest accepted frame, length field included; a larger one closes its connection
 * @param shutdownTimeout upper bound of a graceful stop
 * @param tls             whether connections speak TLS ({@link ServerTls#DISABLED} by default)
 */
public record NettyServerSettings(String host, int port, int ioThreads, Duration idleTimeout, int maxFrameLength,
                                  Duration shutdownTimeout, ServerTls tls) {

    public static final int DEFAULT_IO_THREADS = 3;
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(120);
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

    public NettyServerSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
        Objects.requireNonNull(tls, "tls");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be within 0..65535: " + port);
        }
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be at least 1: " + ioThreads);
        }
        if (idleTimeout.isNegative() || idleTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("idleTimeout must be at least 1 ms: " + idleTimeout);
        }
        if (maxFrameLength < FrameLayout.HEADER_OFFSET) {
            throw new IllegalArgumentException("maxFrameLength must be at least " + FrameLayout.HEADER_OFFSET
                    + ": " + maxFrameLength);
        }
        if (shutdownTimeout.isNegative()) {
            throw new IllegalArgumentException("shutdownTimeout must not be negative: " + shutdownTimeout);
        }
    }

    /** The official server's defaults: 120 s idle timeout, 16 MiB frames. */
    public static NettyServerSettings defaults(String host, int port) {
        return new NettyServerSettings(host, port, DEFAULT_IO_THREADS, DEFAULT_IDLE_TIMEOUT,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH, DEFAULT_SHUTDOWN_TIMEOUT, ServerTls.DISABLED);
    }

    public NettyServerSettings withIdleTimeout(Duration value) {
        return new NettyServerSettings(host, port, ioThreads, value, maxFrameLength, shutdownTimeout, tls);
    }

    public NettyServerSettings withMaxFrameLength(int value) {
        return new NettyServerSettings(host, port, ioThreads, idleTimeout, value, shutdownTimeout, tls);
    }

    public NettyServerSettings withIoThreads(int value) {
        return new NettyServerSettings(host, port, value, idleTimeout, maxFrameLength, shutdownTimeout, tls);
    }

    public NettyServerSettings withTls(ServerTls value) {
        return new NettyServerSettings(host, port, ioThreads, idleTimeout, maxFrameLength, shutdownTimeout, value);
    }
}
