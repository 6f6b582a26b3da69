package io.hexmq.adapters.chronicle.index;

import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.MessageLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Chronicle store's key index, in memory: hash slots heading chains of entries, newest first (the
 * file store's index layout, in arrays), over a ring of the newest {@code capacity} entries. An entry
 * is numbered by a sequence that only grows; it lives in cell {@code sequence % capacity} until the ring
 * overwrites it, and a chain ends at the first entry older than the ring holds.
 *
 * <p><b>Cost.</b> 28 bytes per entry plus 8 per slot (a quarter as many slots as entries), allocated once;
 * an insert writes four array cells and a slot under this object's monitor, allocating nothing.
 *
 * <p><b>Crash story.</b> Nothing is persisted: the store's start-up scan rebuilds the index from the log,
 * in log order, so it covers exactly what survived.
 */
public final class KeyIndex {

    private static final long NONE = -1;

    private final int capacity;
    private final long[] heads;
    private final int[] hashes;
    private final long[] offsets;
    private final long[] storeTimes;
    private final long[] previous;
    private long next;
    private final IndexKeys.Hashes pending = new IndexKeys.Hashes();
    private long lastOffset;
    private long lastStoreTime;

    public KeyIndex(int capacity) {
        this.capacity = capacity;
        this.heads = new long[Math.max(16, capacity / 4)];
        Arrays.fill(heads, NONE);
        this.hashes = new int[capacity];
        this.offsets = new long[capacity];
        this.storeTimes = new long[capacity];
        this.previous = new long[capacity];
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
        int cell = (int) (sequence % capacity);
        int slot = (hash & 0x7FFFFFFF) % heads.length;
        hashes[cell] = hash;
        offsets[cell] = physical;
        storeTimes[cell] = storeTime;
        previous[cell] = heads[slot];
        heads[slot] = sequence;
    }

    /**
     * Physical offsets of entries hashed {@code hash} ({@link IndexKeys#hash}) stored within
     * {@code [begin, end]}, newest first, at most {@code limit}; candidates, which the caller confirms
     * against the record. Rebuilt from the log at every start, the index has the tag entries of every
     * message it holds, however old.
     */
    public synchronized List<Long> candidates(int hash, long begin, long end, int limit) {
        long oldest = next - capacity;
        List<Long> out = new ArrayList<>();
        long sequence = heads[(hash & 0x7FFFFFFF) % heads.length];
        while (sequence != NONE && sequence >= oldest && out.size() < limit) {
            int cell = (int) (sequence % capacity);
            if (hashes[cell] == hash && storeTimes[cell] >= begin && storeTimes[cell] <= end) {
                out.add(offsets[cell]);
            }
            sequence = previous[cell];
        }
        return out;
    }

    public synchronized long lastOffset() {
        return lastOffset;
    }

    public synchronized long lastStoreTime() {
        return lastStoreTime;
    }
}
