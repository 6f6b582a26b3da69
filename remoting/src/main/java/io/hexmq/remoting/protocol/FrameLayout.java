package io.hexmq.remoting.protocol;

/**
 * The layout of one remoting frame. A TCP stream carries frames back to back in both directions;
 * there is no magic number and no handshake. All integers are big-endian.
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                 length (bytes after this field)               |  offset 0
 * +---------------+-----------------------------------------------+
 * | serializeType |            headerLength (24 bits)             |  offset 4: the header mark
 * +---------------+-----------------------------------------------+
 * |                 header (headerLength bytes)                 ...  offset 8
 * +---------------------------------------------------------------+
 * |                 body (length - 4 - headerLength bytes)      ...  optional
 * +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The serialize type is 0 for a JSON header ({@code JsonHeaderCodec}) and 1 for the compact
 * ROCKETMQ binary header ({@code BinaryHeaderCodec}). The maximum frame length counts the whole
 * frame including the length field, which is how the official server applies its 16 MiB limit.
 */
public final class FrameLayout {

    public static final int LENGTH_OFFSET = 0;
    public static final int LENGTH_SIZE = 4;
    public static final int HEADER_MARK_OFFSET = LENGTH_OFFSET + LENGTH_SIZE;
    public static final int HEADER_MARK_SIZE = 4;
    public static final int HEADER_OFFSET = HEADER_MARK_OFFSET + HEADER_MARK_SIZE;

    public static final int SERIALIZE_TYPE_SHIFT = 24;
    public static final int HEADER_LENGTH_MASK = 0x00FF_FFFF;
    public static final int MAX_HEADER_LENGTH = HEADER_LENGTH_MASK;

    /** 16 MiB, the official server's default; a frame above it closes the connection. */
    public static final int DEFAULT_MAX_FRAME_LENGTH = 16 * 1024 * 1024;

    private FrameLayout() {
    }

    static int headerMark(SerializeType type, int headerLength) {
        return (type.code() << SERIALIZE_TYPE_SHIFT) | (headerLength & HEADER_LENGTH_MASK);
    }

    static int serializeTypeCode(int headerMark) {
        return (headerMark >>> SERIALIZE_TYPE_SHIFT) & 0xFF;
    }

    static int headerLength(int headerMark) {
        return headerMark & HEADER_LENGTH_MASK;
    }

    /** The value of the length field for a header and body of these sizes. */
    static int lengthField(int headerLength, int bodyLength) {
        return HEADER_MARK_SIZE + headerLength + bodyLength;
    }
}
