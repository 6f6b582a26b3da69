package io.hexmq.adapters.file.consumequeue;

import java.nio.ByteBuffer;

/**
 * One consume-queue entry: where a message of the queue lies in the commit log (protocol.md §4.1).
 * The logical offset of an entry is its index, file position / 20. All integers big-endian.
 *
 * <pre>
 *  0               8       12              20
 * +---------------+-------+---------------+
 * | commit-log    | size  | tags code     |
 * | offset (long) | (int) | (long)        |
 * +---------------+-------+---------------+
 * </pre>
 *
 * <p>An entry whose size is 0 was never written: files are preallocated with zeros, which is how the
 * end of a queue is found again after a restart.
 */
public final class ConsumeQueueEntryLayout {

    public static final int COMMIT_LOG_OFFSET_OFFSET = 0;
    public static final int SIZE_OFFSET = 8;
    public static final int TAGS_CODE_OFFSET = 12;
    public static final int ENTRY_LENGTH = 20;

    private ConsumeQueueEntryLayout() {
    }

    public static long commitLogOffset(ByteBuffer buffer, int at) {
        return buffer.getLong(at + COMMIT_LOG_OFFSET_OFFSET);
    }

    public static int size(ByteBuffer buffer, int at) {
        return buffer.getInt(at + SIZE_OFFSET);
    }

    public static long tagsCode(ByteBuffer buffer, int at) {
        return buffer.getLong(at + TAGS_CODE_OFFSET);
    }

    public static void write(ByteBuffer buffer, int at, long commitLogOffset, int size, long tagsCode) {
        buffer.putLong(at + COMMIT_LOG_OFFSET_OFFSET, commitLogOffset);
        buffer.putInt(at + SIZE_OFFSET, size);
        buffer.putLong(at + TAGS_CODE_OFFSET, tagsCode);
    }
}
