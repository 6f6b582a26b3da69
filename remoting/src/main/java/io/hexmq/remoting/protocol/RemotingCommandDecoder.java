package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cuts the byte stream into frames and decodes each into a {@link RemotingCommand}.
 *
 * <p>Any bad input (a length above the maximum, a negative length, a header length beyond the frame,
 * an unknown serialize type, an unparsable header, bytes left over when the peer closes) closes this
 * connection only, after one log line naming the peer; other connections are untouched. One instance
 * per channel: it keeps the partial frame of its connection.
 */
public final class RemotingCommandDecoder extends LengthFieldBasedFrameDecoder {

    private static final Logger LOG = LoggerFactory.getLogger(RemotingCommandDecoder.class);

    private final int maxFrameLength;
    private boolean failed;

    /** @param maxFrameLength the largest frame accepted, length field included */
    public RemotingCommandDecoder(int maxFrameLength) {
        super(maxFrameLength, FrameLayout.LENGTH_OFFSET, FrameLayout.LENGTH_SIZE, 0, FrameLayout.LENGTH_SIZE);
        if (maxFrameLength < FrameLayout.HEADER_OFFSET) {
            throw new IllegalArgumentException("maxFrameLength must be at least " + FrameLayout.HEADER_OFFSET
                    + ": " + maxFrameLength);
        }
        this.maxFrameLength = maxFrameLength;
    }

    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return null;
        }
        if (in.readableBytes() >= FrameLayout.LENGTH_SIZE) {
            // Checked here rather than left to the base class, which reads the length unsigned
            // and would report a negative length as a huge one.
            int length = in.getInt(in.readerIndex() + FrameLayout.LENGTH_OFFSET);
            if (length < 0) {
                reject(ctx, in, "negative frame length " + length);
                return null;
            }
            if (length > maxFrameLength - FrameLayout.LENGTH_SIZE) {
                reject(ctx, in, "frame length " + (length + FrameLayout.LENGTH_SIZE)
                        + " exceeds the maximum " + maxFrameLength);
                return null;
            }
        }
        ByteBuf frame = null;
        try {
            frame = (ByteBuf) super.decode(ctx, in);
            return frame == null ? null : FrameCodec.decode(frame);
        } catch (MalformedFrameException | DecoderException e) {
            reject(ctx, in, e.getMessage());
            return null;
        } finally {
            if (frame != null) {
                frame.release();
            }
        }
    }

    /** The peer closed its side: a partial frame left in the buffer will never complete. */
    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        super.decodeLast(ctx, in, out);
        if (in.isReadable() && !failed) {
            reject(ctx, in, "connection closed inside a frame, " + in.readableBytes() + " bytes torn");
        }
    }

    private void reject(ChannelHandlerContext ctx, ByteBuf in, String reason) {
        failed = true;
        in.skipBytes(in.readableBytes());
        LOG.warn("Closing connection {}: bad frame: {}", ctx.channel().remoteAddress(), firstLine(reason));
        ctx.close();
    }

    /** Keeps the log to one line; some parser messages append a multi-line hint. */
    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
