package io.hexmq.remoting.client;

import io.hexmq.remoting.protocol.FrameLayout;
import java.time.Duration;
import java.util.Objects;

/**
 * Settings of one {@link NettyRemotingClient}, validated once here.
 *
 * @param ioThreads       I/O threads shared by all of the client's connections
 * @param connectTimeout  how long a connection attempt may take; it precedes the request's own timeout
 * @param maxFrameLength  largest accepted frame, length field included; a larger one closes its connection
 * @param shutdownTimeout upper bound of a graceful close
 * @param tls             whether connections speak TLS ({@link ClientTls#NONE} by default)
 */
public record NettyClientSettings(int ioThreads, Duration connectTimeout, int maxFrameLength,
                                  Duration shutdownTimeout, ClientTls tls) {

    public static final int DEFAULT_IO_THREADS = 1;
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

    public NettyClientSettings {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(shutdownTimeout, "shutdownTimeout");
        Objects.requireNonNull(tls, "tls");
        if (ioThreads < 1) {
            throw new IllegalArgumentException("ioThreads must be at least 1: " + ioThreads);
        }
        if (connectTimeout.toMillis() < 1 || connectTimeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("connectTimeout must be within 1 ms..24 days: " + connectTimeout);
        }
        if (maxFrameLength < FrameLayout.HEADER_OFFSET) {
            throw new IllegalArgumentException("maxFrameLength must be at least " + FrameLayout.HEADER_OFFSET
                    + ": " + maxFrameLength);
        }
        if (shutdownTimeout.isNegative()) {
            throw new IllegalArgumentException("shutdownTimeout must not be negative: " + shutdownTimeout);
        }
    }

    public static NettyClientSettings defaults() {
        return new NettyClientSettings(DEFAULT_IO_THREADS, DEFAULT_CONNECT_TIMEOUT,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH, DEFAULT_SHUTDOWN_TIMEOUT, ClientTls.NONE);
    }

    public NettyClientSettings withConnectTimeout(Duration value) {
        return new NettyClientSettings(ioThreads, value, maxFrameLength, shutdownTimeout, tls);
    }

    public NettyClientSettings withIoThreads(int value) {
        return new NettyClientSettings(value, connectTimeout, maxFrameLength, shutdownTimeout, tls);
    }

    public NettyClientSettings withTls(ClientTls value) {
        return new NettyClientSettings(ioThreads, connectTimeout, maxFrameLength, shutdownTimeout, value);
    }
}
