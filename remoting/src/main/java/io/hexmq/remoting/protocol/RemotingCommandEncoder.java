package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes each {@link RemotingCommand} as one frame with a JSON header, the format the official server
 * answers in and every client reads. Stateless, hence shared by all channels.
 */
@ChannelHandler.Sharable
public final class RemotingCommandEncoder extends MessageToByteEncoder<RemotingCommand> {

    /** A typical JSON header is under 512 bytes; the buffer grows if one is longer. */
    private static final int HEADER_SIZE_ESTIMATE = 512;

    public RemotingCommandEncoder() {
        super(RemotingCommand.class);
    }

    @Override
    protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, RemotingCommand command, boolean preferDirect) {
        int estimate = FrameLayout.HEADER_OFFSET + HEADER_SIZE_ESTIMATE + command.body().length;
        return preferDirect ? ctx.alloc().ioBuffer(estimate) : ctx.alloc().heapBuffer(estimate);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, RemotingCommand command, ByteBuf out) {
        FrameCodec.encode(command, SerializeType.JSON, out);
    }
}
