package io.hexmq.remoting.protocol;

import io.netty.buffer.ByteBuf;

/** Turns commands into frames and frames into commands, per {@link FrameLayout}. */
final class FrameCodec {

    private FrameCodec() {
    }

    /** Appends one whole frame, length field included, with a header in the given format. */
    static void encode(RemotingCommand command, SerializeType type, ByteBuf out) {
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeInt(0);
        int headerLength = type == SerializeType.JSON
                ? JsonHeaderCodec.write(command, out)
                : BinaryHeaderCodec.write(command, out);
        if (headerLength > FrameLayout.MAX_HEADER_LENGTH) {
            out.writerIndex(start);
            throw new IllegalArgumentException("header of " + headerLength + " bytes exceeds the 24-bit limit: "
                    + command);
        }
        byte[] body = command.body();
        out.writeBytes(body);
        out.setInt(start + FrameLayout.LENGTH_OFFSET, FrameLayout.lengthField(headerLength, body.length));
        out.setInt(start + FrameLayout.HEADER_MARK_OFFSET, FrameLayout.headerMark(type, headerLength));
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
                : BinaryHeaderCodec.read(header, body);
    }
}
