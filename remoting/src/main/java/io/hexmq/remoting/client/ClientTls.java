package io.hexmq.remoting.client;

import io.netty.channel.ChannelPipeline;
import java.nio.file.Path;

/**
 * Whether a client's connections speak TLS, and which servers it trusts: {@link #NONE} (plain),
 * {@link #trustingAnyServer()} (encrypted, the server unchecked: RocketMQ's client default,
 * {@code tls.client.authServer=false}), or {@link #trusting(Path)} the CAs in a PEM file.
 *
 * <p>The TLS kinds live in {@link SslClientTls}, the one class that names Netty's {@code netty-handler}
 * (an optional dependency of this module): a client without TLS never loads it.
 */
public interface ClientTls {

    ClientTls NONE = pipeline -> { };

    /** Puts what this TLS needs at the head of a new connection's pipeline. */
    void addTo(ChannelPipeline pipeline);

    static ClientTls trustingAnyServer() {
        return SslClientTls.trustingAnyServer();
    }

    static ClientTls trusting(Path trustCertPath) {
        return SslClientTls.trusting(trustCertPath);
    }
}
