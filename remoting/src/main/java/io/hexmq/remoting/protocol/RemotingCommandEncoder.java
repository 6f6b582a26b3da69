package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes each {@link RemotingCommand} as one frame with the header in the command's own format: JSON, the
 * format every peer reads, unless the command is the answer to a request that came with the compact
 * ROCKETMQ header ({@link CommandInboundHandler} answers in the request's format). Stateless, hence
 * shared by all channels.
 *
 * <p>A body of direct {@linkplain RemotingCommand.Builder#bodyViews views} (a pull answer's records in
 * the file store's mapped segments) is not copied: the frame is a composite of a small pooled buffer
 * holding the length field and header, then one wrapper per view, and the transport's gathering write
 * hands the kernel the mapped memory itself. Every other body is copied with the header into one
 * pooled buffer: an array is small, and heap views would be copied by the transport anyway, which
 * writes only direct memory.
 *
 * <p>Ownership: the frame is created here and passed on; from then on the channel releases it once,
 * whether it is written, its write fails or the channel closed. When encoding fails, what was
 * allocated is released here before the exception fails the write. The views themselves are never
 * retained or released (see {@link RemotingCommand}).
 */
@ChannelHandler.Sharable
public final class RemotingCommandEncoder extends MessageToMessageEncoder<RemotingCommand> {

    /** A typical JSON header is under 512 bytes; the buffer grows if one is longer. */
    private static final int HEADER_SIZE_ESTIMATE = 512;

    public RemotingCommandEncoder() {
        super(RemotingCommand.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, RemotingCommand command, List<Object> out) {
        List<ByteBuffer> views = command.bodyViews();
        out.add(views != null && allDirect(views)
                ? gathered(ctx.alloc(), command, views)
                : copied(ctx.alloc(), command));
    }

    private static ByteBuf copied(ByteBufAllocator alloc, RemotingCommand command) {
        ByteBuf frame = alloc.ioBuffer(FrameLayout.HEADER_OFFSET + HEADER_SIZE_ESTIMATE + command.bodyLength());
        try {
            FrameCodec.encode(command, command.headerFormat(), frame);
            return frame;
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
    }

    private static ByteBuf gathered(ByteBufAllocator alloc, RemotingCommand command, List<ByteBuffer> views) {
        ByteBuf head = alloc.ioBuffer(FrameLayout.HEADER_OFFSET + HEADER_SIZE_ESTIMATE);
        CompositeByteBuf frame;
        try {
            FrameCodec.encodeHead(command, command.headerFormat(), head);
            // As many components as parts, so the composite never consolidates (copies) them.
            frame = alloc.compositeDirectBuffer(1 + views.size());
        } catch (RuntimeException e) {
            head.release();
            throw e;
        }
        try {
            frame.addComponent(true, head);
            for (ByteBuffer view : views) {
                frame.addComponent(true, Unpooled.wrappedBuffer(view));
            }
            return frame;
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
    }

    private static boolean allDirect(List<ByteBuffer> views) {
        if (views.isEmpty()) {
            return false;
        }
        for (ByteBuffer view : views) {
            if (!view.isDirect()) {
                return false;
            }
        }
        return true;
    }
}
