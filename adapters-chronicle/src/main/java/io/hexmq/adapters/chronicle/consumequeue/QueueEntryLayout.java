package io.hexmq.adapters.chronicle.consumequeue;

import java.nio.ByteBuffer;

/**
 * One entry of a Chronicle consume-queue segment: where the record of a logical offset lies in the log.
 * The entry of offset {@code o} is at byte {@code (o - segment's first offset) * 20} of its segment.
 * Big-endian, as {@link ByteBuffer} writes by default.
 *
 * <pre>
 *  0                   8              12                  20
 * +-------------------+--------------+-------------------+
 * | Chronicle document | position in  | tags code         |
 * | index (long)       | payload (int)| (long)            |
 * +-------------------+--------------+-------------------+
 * </pre>
 *
 * <p>Nothing in an entry says whether it was written: which entries count is the queue's maximum offset,
 * kept by the store's checkpoint; entries past it are rewritten by the start-up scan.
 */
final class QueueEntryLayout {

    static final int DOCUMENT_INDEX_OFFSET = 0;
    static final int POSITION_OFFSET = 8;
    static final int TAGS_CODE_OFFSET = 12;
    static final int ENTRY_LENGTH = 20;

    private QueueEntryLayout() {
    }

    static void write(ByteBuffer segment, int at, long documentIndex, int position, long tagsCode) {
        segment.putLong(at + DOCUMENT_INDEX_OFFSET, documentIndex);
        segment.putInt(at + POSITION_OFFSET, position);
        segment.putLong(at + TAGS_CODE_OFFSET, tagsCode);
    }

    static long documentIndex(ByteBuffer segment, int at) {
        return segment.getLong(at + DOCUMENT_INDEX_OFFSET);
    }

    static int position(ByteBuffer segment, int at) {
        return segment.getInt(at + POSITION_OFFSET);
    }

    static long tagsCode(ByteBuffer segment, int at) {
        return segment.getLong(at + TAGS_CODE_OFFSET);
    }
}
