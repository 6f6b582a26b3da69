package io.hexmq.adapters.netty.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of a connection to a TLS port: it reads the first bytes, puts an {@code SslHandler} in
 * its place when they begin a TLS record, and otherwise either steps aside ({@code permissive}: a plain
 * connection) or closes the connection after a log line ({@code enforcing}). The bytes it read go on to
 * whoever takes its place. One per connection.
 */
final class TlsDetector extends ByteToMessageDecoder {

    private static final Logger LOG = LoggerFactory.getLogger(TlsDetector.class);
    /** A TLS record header: type, version, length. */
    private static final int RECORD_HEADER_LENGTH = 5;

    private final ServerTls tls;

    TlsDetector(ServerTls tls) {
        this.tls = tls;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < RECORD_HEADER_LENGTH) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            ctx.pipeline().addAfter(ctx.name(), "tls", tls.context().newHandler(ctx.alloc()));
        } else if (tls.mode() == TlsMode.ENFORCING) {
            LOG.warn("Closing the plain connection from {}: this port speaks TLS only (tls.server.mode=enforcing)",
                    ctx.channel().remoteAddress());
            in.skipBytes(in.readableBytes());
            ctx.close();
            return;
        }
        ctx.pipeline().remove(this);
    }
}
