package io.hexmq.adapters.netty.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandler;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;

class TlsDetectorTest {

    /** The start of a remoting frame: a 4-byte length, then the header length. */
    private static final byte[] PLAIN_FRAME_START = {0, 0, 0, 40, 0, 0, 0, 20};
    /** The start of a TLS handshake record: type 22, version 3.1, a length. */
    private static final byte[] TLS_RECORD_START = {22, 3, 1, 0, 80, 1, 0, 0};

    private static EmbeddedChannel channelOn(TlsMode mode) throws Exception {
        return new EmbeddedChannel(new TlsDetector(ServerTls.selfSigned(mode)));
    }

    @Test
    void passesAPlainConnectionOnAsItIs_whenPermissive() throws Exception {
        EmbeddedChannel channel = channelOn(TlsMode.PERMISSIVE);

        channel.writeInbound(Unpooled.wrappedBuffer(PLAIN_FRAME_START));

        ByteBuf passed = channel.readInbound();
        assertThat(passed.readableBytes()).isEqualTo(PLAIN_FRAME_START.length);
        passed.release();
        assertThat(channel.pipeline().get(TlsDetector.class)).isNull();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void closesAPlainConnection_whenEnforcing() throws Exception {
        EmbeddedChannel channel = channelOn(TlsMode.ENFORCING);

        channel.writeInbound(Unpooled.wrappedBuffer(PLAIN_FRAME_START));

        assertThat(channel.isOpen()).isFalse();
        assertThat((Object) channel.readInbound()).isNull();
    }

    @Test
    void putsAnSslHandlerInItsPlace_whenTheFirstBytesBeginATlsRecord() throws Exception {
        EmbeddedChannel channel = channelOn(TlsMode.ENFORCING);

        channel.writeInbound(Unpooled.wrappedBuffer(TLS_RECORD_START));

        assertThat(channel.pipeline().get(SslHandler.class)).isNotNull();
        assertThat(channel.pipeline().get(TlsDetector.class)).isNull();
        channel.finishAndReleaseAll();
    }

    @Test
    void waitsForAWholeRecordHeader_beforeDeciding() throws Exception {
        EmbeddedChannel channel = channelOn(TlsMode.ENFORCING);

        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {0, 0}));

        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.pipeline().get(TlsDetector.class)).isNotNull();
        channel.finishAndReleaseAll();
    }

    @Test
    void makesASelfSignedCertificateThatItsOwnKeyVerifies() throws Exception {
        KeyPair keys = SelfSignedCertificates.newKeyPair();

        X509Certificate certificate = SelfSignedCertificates.certify(keys, "hexmq-unit");

        certificate.checkValidity();
        certificate.verify(keys.getPublic());
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=hexmq-unit");
        assertThat(certificate.getVersion()).isEqualTo(3);
    }
}
