package io.hexmq.remoting.client;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.File;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/** Client TLS with Netty's {@code SslHandler} and the JDK's provider. */
final class SslClientTls implements ClientTls {

    private final SslContext context;

    private SslClientTls(SslContext context) {
        this.context = context;
    }

    static ClientTls trustingAnyServer() {
        return build(SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE));
    }

    static ClientTls trusting(Path trustCertPath) {
        return build(SslContextBuilder.forClient().trustManager(new File(trustCertPath.toString())));
    }

    private static ClientTls build(SslContextBuilder builder) {
        try {
            return new SslClientTls(builder.sslProvider(SslProvider.JDK).build());
        } catch (SSLException e) {
            throw new IllegalArgumentException("cannot set up client TLS: " + e.getMessage(), e);
        }
    }

    @Override
    public void addTo(ChannelPipeline pipeline) {
        pipeline.addLast("tls", context.newHandler(pipeline.channel().alloc()));
    }
}
