package io.hexmq.adapters.chronicle.index;

import io.hexmq.adapters.chronicle.mapped.MappedFiles;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.MessageLayout;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Chronicle store's key index, in one memory-mapped file ({@link KeyIndexLayout}): hash slots heading
 * chains of entries, newest first, over a ring of the newest {@code capacity} entries. An entry is
 * numbered by a sequence that only grows; it lives in cell {@code sequence % capacity} until the ring
 * overwrites it, and a chain ends at the first entry older than the ring holds.
 *
 * <p><b>Cost.</b> 40 bytes of file per entry plus 8 per slot (a quarter as many slots as entries), none
 * of it on the heap; an insert writes one cell and one slot under this object's monitor, allocating
 * nothing.
 *
 * <p><b>Crash story.</b> {@link #force()} makes the entries so far durable, and the store's checkpoint
 * records the sequence it covered. Reopened, the index is cut back to that sequence ({@link #restore}):
 * a slot that names a later entry is stale, and the chains are then relinked from the cells the ring
 * still holds. The start-up scan adds the records after the checkpoint again, in log order.
 */
public final class KeyIndex {

    /** The largest capacity: a file of this layout stays within one mapping (2 GiB). */
    public static final int MAX_CAPACITY = KeyIndexLayout.MAX_CAPACITY;
    private static final long NONE = -1;

    private final Path file;
    private final int capacity;
    private final int slots;
    private final MappedByteBuffer map;
    private final boolean reused;
    private final IndexKeys.Hashes pending = new IndexKeys.Hashes();
    private long next;
    private long lastOffset;
    private long lastStoreTime;

    private KeyIndex(Path file, int capacity, MappedByteBuffer map, boolean reused) {
        this.file = file;
        this.capacity = capacity;
        this.slots = KeyIndexLayout.slotsFor(capacity);
        this.map = map;
        this.reused = reused;
    }

    /**
     * The index in {@code file}: the one there when it was written for this capacity, otherwise a new empty
     * one in its place ({@link #reused()} tells which).
     */
    public static KeyIndex open(Path file, int capacity) {
        if (capacity <= 0 || capacity > KeyIndexLayout.MAX_CAPACITY) {
            throw new IllegalArgumentException("maxIndexNum must be 1.." + KeyIndexLayout.MAX_CAPACITY + ": "
                + capacity);
        }
        int length = (int) KeyIndexLayout.fileLength(capacity);
        MappedByteBuffer map = MappedFiles.map(file, length);
        if (KeyIndexLayout.matches(map, capacity)) {
            return new KeyIndex(file, capacity, map, true);
        }
        MappedFiles.delete(file);
        map = MappedFiles.map(file, length);
        KeyIndexLayout.writeHeader(map, capacity);
        MappedFiles.forceDirectory(file.getParent());
        return new KeyIndex(file, capacity, map, false);
    }

    /** Whether {@link #open} found an index of this capacity, rather than starting an empty one. */
    public boolean reused() {
        return reused;
    }

    public int capacity() {
        return capacity;
    }

    /** Indexes every key of the record at {@code at}, which lies at physical offset {@code physical}. */
    public synchronized void add(ByteBuffer records, int at, long physical, String topic) {
        if (!IndexKeys.indexed(records, at)) {
            return;
        }
        long storeTime = MessageLayout.storeTimestamp(records, at);
        lastOffset = physical;
        lastStoreTime = storeTime;
        IndexKeys.keyHashes(records, at, topic.hashCode(), pending);
        for (int i = 0; i < pending.count(); i++) {
            put(pending.get(i), physical, storeTime);
        }
    }

    private void put(int hash, long physical, long storeTime) {
        long sequence = next++;
        int slot = slotOf(hash);
        int cell = cellOf(sequence);
        map.putLong(cell + KeyIndexLayout.CELL_SEQUENCE, sequence + 1);
        map.putLong(cell + KeyIndexLayout.CELL_PREVIOUS, map.getLong(slot));
        map.putLong(cell + KeyIndexLayout.CELL_PHYSICAL, physical);
        map.putLong(cell + KeyIndexLayout.CELL_STORE_TIME, storeTime);
        map.putInt(cell + KeyIndexLayout.CELL_HASH, hash);
        map.putLong(slot, sequence + 1);
    }

    /**
     * Physical offsets of entries hashed {@code hash} ({@link IndexKeys#hash}) stored within
     * {@code [begin, end]}, newest first, at most {@code limit}; candidates, which the caller confirms
     * against the record.
     */
    public synchronized List<Long> candidates(int hash, long begin, long end, int limit) {
        long oldest = next - capacity;
        List<Long> out = new ArrayList<>();
        long sequence = map.getLong(slotOf(hash)) - 1;
        while (sequence != NONE && sequence >= oldest && sequence < next && out.size() < limit) {
            int cell = cellOf(sequence);
            if (map.getLong(cell + KeyIndexLayout.CELL_SEQUENCE) != sequence + 1) {
                break;
            }
            long storeTime = map.getLong(cell + KeyIndexLayout.CELL_STORE_TIME);
            if (map.getInt(cell + KeyIndexLayout.CELL_HASH) == hash && storeTime >= begin && storeTime <= end) {
                out.add(map.getLong(cell + KeyIndexLayout.CELL_PHYSICAL));
            }
            long previous = map.getLong(cell + KeyIndexLayout.CELL_PREVIOUS) - 1;
            sequence = previous < sequence ? previous : NONE;
        }
        return out;
    }

    public synchronized long lastOffset() {
        return lastOffset;
    }

    public synchronized long lastStoreTime() {
        return lastStoreTime;
    }

    /** The sequence the next entry gets: what a checkpoint records. */
    public synchronized long next() {
        return next;
    }

    /**
     * At start: the index holds the entries before sequence {@code next}, the last of them for the record at
     * {@code lastOffset} stored at {@code lastStoreTime}, as a checkpoint saved them. Entries written after it
     * are dropped; if any slot still names one, every chain is relinked from the cells the ring holds (a
     * pass over the ring, paid only after a crash with appends since the checkpoint).
     */
    public synchronized void restore(long nextSequence, long lastIndexedOffset, long lastIndexedStoreTime) {
        next = nextSequence;
        lastOffset = lastIndexedOffset;
        lastStoreTime = lastIndexedStoreTime;
        for (int slot = 0; slot < slots; slot++) {
            if (map.getLong(KeyIndexLayout.slotAt(slot)) - 1 >= next) {
                relink();
                return;
            }
        }
    }

    private void relink() {
        for (int slot = 0; slot < slots; slot++) {
            map.putLong(KeyIndexLayout.slotAt(slot), 0);
        }
        for (long sequence = Math.max(0, next - capacity); sequence < next; sequence++) {
            int cell = cellOf(sequence);
            if (map.getLong(cell + KeyIndexLayout.CELL_SEQUENCE) == sequence + 1) {
                int slot = slotOf(map.getInt(cell + KeyIndexLayout.CELL_HASH));
                map.putLong(cell + KeyIndexLayout.CELL_PREVIOUS, map.getLong(slot));
                map.putLong(slot, sequence + 1);
            }
        }
    }

    /** Writes the entries added so far to disk (the dirty pages only). */
    public void force() {
        MappedFiles.force(map, 0, map.capacity(), file);
    }

    private int slotOf(int hash) {
        return KeyIndexLayout.slotAt((hash & 0x7FFFFFFF) % slots);
    }

    private int cellOf(long sequence) {
        return KeyIndexLayout.cellAt(slots, (int) (sequence % capacity));
    }
}
