package io.hexmq.adapters.netty.server;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.File;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.util.Locale;
import java.util.Objects;
import javax.net.ssl.SSLException;

/**
 * The TLS of a remoting server: its {@link TlsMode} and, unless disabled, the context its connections'
 * {@code SslHandler}s come from (the JDK's provider).
 */
public record ServerTls(TlsMode mode, SslContext context) {

    public static final ServerTls DISABLED = new ServerTls(TlsMode.DISABLED, null);

    public ServerTls {
        Objects.requireNonNull(mode, "mode");
        if (mode != TlsMode.DISABLED) {
            Objects.requireNonNull(context, "context");
        }
    }

    /**
     * From PEM files, RocketMQ's {@code tls.server.certPath}, {@code tls.server.keyPath} (PKCS#8) and
     * {@code tls.server.trustCertPath}.
     *
     * @param trustCertPath the CAs client certificates are checked against, or {@code null}
     * @param needClientAuth {@code tls.server.need.client.auth}: none, optional or require
     */
    public static ServerTls fromFiles(TlsMode mode, Path certPath, Path keyPath, Path trustCertPath,
                                      String needClientAuth) throws SSLException {
        SslContextBuilder builder = SslContextBuilder.forServer(certPath.toFile(), keyPath.toFile())
                .sslProvider(SslProvider.JDK).clientAuth(clientAuth(needClientAuth));
        if (trustCertPath != null) {
            builder.trustManager(new File(trustCertPath.toString()));
        }
        return new ServerTls(mode, builder.build());
    }

    private static ClientAuth clientAuth(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "none" -> ClientAuth.NONE;
            case "optional" -> ClientAuth.OPTIONAL;
            case "require" -> ClientAuth.REQUIRE;
            default -> throw new IllegalArgumentException("tls.server.need.client.auth must be none, optional or"
                    + " require, got '" + text + "'");
        };
    }

    /** {@code tls.test.mode.enable}: a self-signed certificate made now, for tests and trials only. */
    public static ServerTls selfSigned(TlsMode mode) throws SSLException {
        KeyPair keys = SelfSignedCertificates.newKeyPair();
        X509Certificate certificate = SelfSignedCertificates.certify(keys, "hexmq-test-mode");
        return new ServerTls(mode, SslContextBuilder.forServer(keys.getPrivate(), certificate)
                .sslProvider(SslProvider.JDK).build());
    }
}
