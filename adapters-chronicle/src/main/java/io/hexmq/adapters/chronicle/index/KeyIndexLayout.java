package io.hexmq.adapters.chronicle.index;

import java.nio.ByteBuffer;

/**
 * The key index file: a header, the hash slots, then a ring of entry cells. Big-endian. Sequence numbers
 * are stored plus one, so that the zeros of a new sparse file read as "none".
 *
 * <pre>
 * header (16 bytes):   magic (int) | version (int) | capacity (int) | slots (int)
 * slots (8 each):      newest entry's sequence + 1 heading the slot's chain, 0 when empty
 * cells (40 each):     0 sequence + 1 (long) | 8 previous sequence + 1 (long) | 16 physical offset (long)
 *                      | 24 store timestamp (long) | 32 key hash (int) | 36 unused (int)
 * </pre>
 *
 * <p>The entry of sequence {@code s} lives in cell {@code s % capacity}. A cell names its own sequence so
 * that a chain reaching a cell the ring (or a crash) has since overwritten stops there instead of
 * following someone else's entries.
 */
final class KeyIndexLayout {

    static final int MAGIC = 0x48584B49;
    static final int VERSION = 1;
    static final int HEADER_LENGTH = 16;
    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    static final int CAPACITY_OFFSET = 8;
    static final int SLOTS_OFFSET = 12;
    static final int SLOT_LENGTH = 8;
    static final int CELL_LENGTH = 40;
    static final int CELL_SEQUENCE = 0;
    static final int CELL_PREVIOUS = 8;
    static final int CELL_PHYSICAL = 16;
    static final int CELL_STORE_TIME = 24;
    static final int CELL_HASH = 32;
    /** A file of this layout stays within one mapping (2 GiB). */
    static final int MAX_CAPACITY = 50_000_000;

    private KeyIndexLayout() {
    }

    static int slotsFor(int capacity) {
        return Math.max(16, capacity / 4);
    }

    static long fileLength(int capacity) {
        return HEADER_LENGTH + (long) slotsFor(capacity) * SLOT_LENGTH + (long) capacity * CELL_LENGTH;
    }

    static int slotAt(int slot) {
        return HEADER_LENGTH + slot * SLOT_LENGTH;
    }

    static int cellAt(int slots, int cell) {
        return HEADER_LENGTH + slots * SLOT_LENGTH + cell * CELL_LENGTH;
    }

    static boolean matches(ByteBuffer file, int capacity) {
        return file.getInt(MAGIC_OFFSET) == MAGIC && file.getInt(VERSION_OFFSET) == VERSION
            && file.getInt(CAPACITY_OFFSET) == capacity && file.getInt(SLOTS_OFFSET) == slotsFor(capacity);
    }

    static void writeHeader(ByteBuffer file, int capacity) {
        file.putInt(MAGIC_OFFSET, MAGIC);
        file.putInt(VERSION_OFFSET, VERSION);
        file.putInt(CAPACITY_OFFSET, capacity);
        file.putInt(SLOTS_OFFSET, slotsFor(capacity));
    }
}
