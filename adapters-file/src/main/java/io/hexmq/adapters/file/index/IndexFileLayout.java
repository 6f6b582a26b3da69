package io.hexmq.adapters.file.index;

import java.nio.ByteBuffer;

/**
 * One key-index file: a header, a table of hash slots, then entries chained per slot, newest first.
 * All integers big-endian.
 *
 * <pre>
 *  header (40 bytes)
 *  0                8                16               24               32        36        40
 * +----------------+----------------+----------------+----------------+---------+---------+
 * | begin store    | end store      | begin commit-  | end commit-    | slot    | entry   |
 * | time (ms)      | time (ms)      | log offset     | log offset     | count   | count   |
 * +----------------+----------------+----------------+----------------+---------+---------+
 *  slots: slot count x 4 bytes, at 40
 * +---------+---------+-----+---------+
 * | newest  | newest  | ... | newest  |   entry number of the newest entry whose hash falls in the
 * | entry   | entry   |     | entry   |   slot ((hash &amp; 0x7FFFFFFF) % slot count); 0 = none
 * +---------+---------+-----+---------+
 *  entries: capacity x 20 bytes, at 40 + 4 x slot count; entry 0 is never used
 *  0         4                  12        16        20
 * +---------+------------------+---------+---------+
 * | key     | commit-log       | seconds | previous|   previous = the entry that was the slot's
 * | hash    | offset           | since   | entry   |   newest before this one; 0 = end of chain
 * | (!= 0)  |                  | begin   |         |
 * +---------+------------------+---------+---------+
 * </pre>
 *
 * <p>The begin/end fields describe the first and the last entry. The entry count includes the unused
 * entry 0, so an empty file has count 1. A key hash is never 0 ({@link #storedHash}), so an entry that
 * was never written (files are preallocated with zeros) is recognisable, which is how recovery finds
 * where a file's valid entries end when its header was not flushed.
 */
final class IndexFileLayout {

    static final int BEGIN_TIMESTAMP_OFFSET = 0;
    static final int END_TIMESTAMP_OFFSET = 8;
    static final int BEGIN_PHY_OFFSET_OFFSET = 16;
    static final int END_PHY_OFFSET_OFFSET = 24;
    static final int SLOT_COUNT_OFFSET = 32;
    static final int ENTRY_COUNT_OFFSET = 36;
    static final int HEADER_LENGTH = 40;

    static final int SLOT_LENGTH = 4;

    static final int ENTRY_HASH_OFFSET = 0;
    static final int ENTRY_PHY_OFFSET_OFFSET = 4;
    static final int ENTRY_TIME_DELTA_OFFSET = 12;
    static final int ENTRY_PREVIOUS_OFFSET = 16;
    static final int ENTRY_LENGTH = 20;

    /** Entry number meaning "none"; entry 0 is never written. */
    static final int NO_ENTRY = 0;

    private IndexFileLayout() {
    }

    /** Bytes of a file with {@code slotCount} slots and room for {@code capacity} entries (entry 0 included). */
    static long fileSize(int slotCount, int capacity) {
        return HEADER_LENGTH + (long) slotCount * SLOT_LENGTH + (long) capacity * ENTRY_LENGTH;
    }

    /** The hash as stored: 0 is reserved for "never written". */
    static int storedHash(int hash) {
        return hash == 0 ? 1 : hash;
    }

    static int slotAt(int slotCount, int hash) {
        return HEADER_LENGTH + ((hash & 0x7FFFFFFF) % slotCount) * SLOT_LENGTH;
    }

    static int entryAt(int slotCount, int entry) {
        return HEADER_LENGTH + slotCount * SLOT_LENGTH + entry * ENTRY_LENGTH;
    }

    static int hash(ByteBuffer buffer, int entryAt) {
        return buffer.getInt(entryAt + ENTRY_HASH_OFFSET);
    }

    static long commitLogOffset(ByteBuffer buffer, int entryAt) {
        return buffer.getLong(entryAt + ENTRY_PHY_OFFSET_OFFSET);
    }

    static int timeDelta(ByteBuffer buffer, int entryAt) {
        return buffer.getInt(entryAt + ENTRY_TIME_DELTA_OFFSET);
    }

    static int previous(ByteBuffer buffer, int entryAt) {
        return buffer.getInt(entryAt + ENTRY_PREVIOUS_OFFSET);
    }

    static void writeEntry(ByteBuffer buffer, int entryAt, int hash, long commitLogOffset, int timeDelta, int previous) {
        buffer.putInt(entryAt + ENTRY_HASH_OFFSET, hash);
        buffer.putLong(entryAt + ENTRY_PHY_OFFSET_OFFSET, commitLogOffset);
        buffer.putInt(entryAt + ENTRY_TIME_DELTA_OFFSET, timeDelta);
        buffer.putInt(entryAt + ENTRY_PREVIOUS_OFFSET, previous);
    }
}
