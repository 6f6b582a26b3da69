package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.List;

/** Turns commands into frames and frames into commands, per {@link FrameLayout}. */
final class FrameCodec {

    private FrameCodec() {
    }

    /** Appends one whole frame, length field included, with a header in the given format. */
    static void encode(RemotingCommand command, SerializeType type, ByteBuf out) {
        encodeHead(command, type, out);
        copyBody(command, out);
    }

    /**
     * Appends all of the frame but its body: the length field (which counts the body of
     * {@link RemotingCommand#bodyLength()} bytes), the header mark and the header. The body's bytes
     * must follow in the stream, from this buffer or another one written right after it.
     */
    static void encodeHead(RemotingCommand command, SerializeType type, ByteBuf out) {
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeInt(0);
        int headerLength = type == SerializeType.JSON
                ? JsonHeaderWriter.write(command, out)
                : BinaryHeaderCodec.write(command, out);
        if (headerLength > FrameLayout.MAX_HEADER_LENGTH) {
            out.writerIndex(start);
            throw new IllegalArgumentException("header of " + headerLength + " bytes exceeds the 24-bit limit: "
                    + command);
        }
        out.setInt(start + FrameLayout.LENGTH_OFFSET, FrameLayout.lengthField(headerLength, command.bodyLength()));
        out.setInt(start + FrameLayout.HEADER_MARK_OFFSET, FrameLayout.headerMark(type, headerLength));
    }

    /** Appends a copy of the body, leaving the positions of a body's views untouched. */
    private static void copyBody(RemotingCommand command, ByteBuf out) {
        List<ByteBuffer> views = command.bodyViews();
        if (views == null) {
            out.writeBytes(command.body());
            return;
        }
        out.ensureWritable(command.bodyLength());
        for (ByteBuffer view : views) {
            int length = view.remaining();
            // Absolute bulk put: neither the shared view's position nor a duplicate of it is needed.
            ByteBuffer target = out.internalNioBuffer(out.writerIndex(), length);
            target.put(target.position(), view, view.position(), length);
            out.writerIndex(out.writerIndex() + length);
        }
    }

    /** Decodes a frame whose length field has already been stripped; consumes all of {@code frame}. */
    static RemotingCommand decode(ByteBuf frame) {
        if (frame.readableBytes() < FrameLayout.HEADER_MARK_SIZE) {
            throw new MalformedFrameException("frame of " + frame.readableBytes() + " bytes has no header mark");
        }
        int headerMark = frame.readInt();
        SerializeType type = SerializeType.fromCode(FrameLayout.serializeTypeCode(headerMark));
        int headerLength = FrameLayout.headerLength(headerMark);
        if (headerLength > frame.readableBytes()) {
            throw new MalformedFrameException("header length " + headerLength + " exceeds the "
                    + frame.readableBytes() + " bytes left in the frame");
        }
        ByteBuf header = frame.readSlice(headerLength);
        byte[] body = null;
        if (frame.isReadable()) {
            body = new byte[frame.readableBytes()];
            frame.readBytes(body);
        }
        return type == SerializeType.JSON
                ? JsonHeaderCodec.read(header, body)
                : BinaryHeaderCodec.read(header, body).inHeaderFormat(SerializeType.ROCKETMQ);
    }
}
