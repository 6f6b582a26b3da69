package io.hexmq.adapters.file.index;

import static io.hexmq.adapters.file.index.IndexFileLayout.NO_ENTRY;

import io.hexmq.adapters.file.mmap.MappedFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;

/**
 * One {@link IndexFileLayout} file, memory-mapped whole, named by its creation time (epoch ms, 20
 * digits). Written by one thread at a time (the caller's lock); the header is mirrored in fields.
 */
final class IndexFile {

    private final MappedFile file;
    private final ByteBuffer buffer;
    private final int slotCount;
    /** Entries the file has room for, entry 0 included. */
    private final int capacity;
    private long beginTimestamp;
    private long endTimestamp;
    private long beginCommitLogOffset;
    private long endCommitLogOffset;
    /** Volatile so that the flush thread sees how far to force without taking the writers' lock. */
    private volatile int count;
    /** The count at the last force; touched by the flush thread only. */
    private int forcedCount;
    /** False when the header was found unwritten with entries behind it: only recovery may use the file. */
    private boolean headerTrusted = true;

    private IndexFile(MappedFile file, int slotCount, int capacity) {
        this.file = file;
        this.buffer = file.buffer();
        this.slotCount = slotCount;
        this.capacity = capacity;
    }

    /** Opens (or creates, empty) the file named {@code createdAt} with the given shape. */
    static IndexFile open(Path directory, long createdAt, int slotCount, int maxEntries) {
        int capacity = maxEntries + 1;
        MappedFile file = MappedFile.open(directory, createdAt, (int) IndexFileLayout.fileSize(slotCount, capacity));
        IndexFile index = new IndexFile(file, slotCount, capacity);
        index.readHeader();
        return index;
    }

    private void readHeader() {
        count = buffer.getInt(IndexFileLayout.ENTRY_COUNT_OFFSET);
        if (count < 1 || count > capacity || buffer.getInt(IndexFileLayout.SLOT_COUNT_OFFSET) != slotCount) {
            // new, or the header never reached the disk: recovery finds the entries again (trimFrom)
            count = capacity;
            headerTrusted = false;
            buffer.putInt(IndexFileLayout.SLOT_COUNT_OFFSET, slotCount);
        }
        beginTimestamp = buffer.getLong(IndexFileLayout.BEGIN_TIMESTAMP_OFFSET);
        endTimestamp = buffer.getLong(IndexFileLayout.END_TIMESTAMP_OFFSET);
        beginCommitLogOffset = buffer.getLong(IndexFileLayout.BEGIN_PHY_OFFSET_OFFSET);
        endCommitLogOffset = buffer.getLong(IndexFileLayout.END_PHY_OFFSET_OFFSET);
        if (!headerTrusted && IndexFileLayout.hash(buffer, entryAt(1)) == 0) {
            setCount(1);
            headerTrusted = true;
        }
    }

    /** Whether the header describes the entries (false only for a file recovery must scan). */
    boolean headerTrusted() {
        return headerTrusted;
    }

    long createdAt() {
        return file.fromOffset();
    }

    boolean isFull() {
        return count >= capacity;
    }

    boolean isEmpty() {
        return count <= 1;
    }

    /** Entries written (entry 0 excluded). */
    int entries() {
        return count - 1;
    }

    long beginCommitLogOffset() {
        return beginCommitLogOffset;
    }

    long endCommitLogOffset() {
        return endCommitLogOffset;
    }

    long endTimestamp() {
        return endTimestamp;
    }

    /** Adds one entry; the caller checked {@link #isFull()}. */
    void add(int hash, long commitLogOffset, long storeTimestamp) {
        if (isEmpty()) {
            beginTimestamp = storeTimestamp;
            beginCommitLogOffset = commitLogOffset;
            buffer.putLong(IndexFileLayout.BEGIN_TIMESTAMP_OFFSET, storeTimestamp);
            buffer.putLong(IndexFileLayout.BEGIN_PHY_OFFSET_OFFSET, commitLogOffset);
        }
        int stored = IndexFileLayout.storedHash(hash);
        int slotAt = IndexFileLayout.slotAt(slotCount, stored);
        int previous = buffer.getInt(slotAt);
        IndexFileLayout.writeEntry(buffer, entryAt(count), stored, commitLogOffset,
            secondsSinceBegin(storeTimestamp), previous);
        buffer.putInt(slotAt, count);
        endTimestamp = storeTimestamp;
        endCommitLogOffset = commitLogOffset;
        buffer.putLong(IndexFileLayout.END_TIMESTAMP_OFFSET, storeTimestamp);
        buffer.putLong(IndexFileLayout.END_PHY_OFFSET_OFFSET, commitLogOffset);
        setCount(count + 1);
    }

    private int secondsSinceBegin(long storeTimestamp) {
        long seconds = Math.floorDiv(storeTimestamp - beginTimestamp, 1000);
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, seconds));
    }

    /**
     * Adds to {@code out}, newest first, the commit-log offsets of entries with this hash whose store
     * second overlaps {@code [begin, end]}, until {@code out} holds {@code limit}.
     */
    void collect(int hash, long begin, long end, int limit, List<Long> out) {
        if (isEmpty()) {
            return;
        }
        int stored = IndexFileLayout.storedHash(hash);
        int entry = buffer.getInt(IndexFileLayout.slotAt(slotCount, stored));
        int steps = 0;
        while (entry != NO_ENTRY && entry < count && out.size() < limit && steps++ < count) {
            int at = entryAt(entry);
            if (IndexFileLayout.hash(buffer, at) == stored) {
                long secondStart = beginTimestamp + IndexFileLayout.timeDelta(buffer, at) * 1000L;
                if (secondStart <= end && secondStart + 999 >= begin) {
                    out.add(IndexFileLayout.commitLogOffset(buffer, at));
                }
            }
            int previous = IndexFileLayout.previous(buffer, at);
            // a chain only points backwards; anything else is damage, and ends the walk
            entry = previous < entry ? previous : NO_ENTRY;
        }
    }

    /**
     * Removes every entry for a record at or after {@code commitLogOffset} (recovery: the dispatcher
     * indexes those records again). Entries are appended in commit-log order, so the valid ones are the
     * prefix that is written (hash != 0), non-decreasing and below the cut; only that prefix is trusted,
     * the slot table is rebuilt from it and the rest of the file is zeroed.
     */
    void trimFrom(long commitLogOffset, LongUnaryOperator storeTimestampAt) {
        int keep = 1;
        long previousOffset = Long.MIN_VALUE;
        while (keep < capacity) {
            int at = entryAt(keep);
            long offset = IndexFileLayout.commitLogOffset(buffer, at);
            if (IndexFileLayout.hash(buffer, at) == 0 || offset >= commitLogOffset || offset < previousOffset
                || IndexFileLayout.previous(buffer, at) >= keep) {
                break;
            }
            previousOffset = offset;
            keep++;
        }
        headerTrusted = true;
        if (keep == count && (keep == 1 || endCommitLogOffset == previousOffset)) {
            return;
        }
        for (int slot = 0; slot < slotCount; slot++) {
            buffer.putInt(IndexFileLayout.HEADER_LENGTH + slot * IndexFileLayout.SLOT_LENGTH, NO_ENTRY);
        }
        for (int entry = 1; entry < keep; entry++) {
            int at = entryAt(entry);
            buffer.putInt(IndexFileLayout.slotAt(slotCount, IndexFileLayout.hash(buffer, at)), entry);
        }
        file.zeroFrom(entryAt(keep));
        if (keep == 1) {
            beginTimestamp = 0;
            beginCommitLogOffset = 0;
            endTimestamp = 0;
            endCommitLogOffset = 0;
            buffer.putLong(IndexFileLayout.BEGIN_TIMESTAMP_OFFSET, 0);
            buffer.putLong(IndexFileLayout.BEGIN_PHY_OFFSET_OFFSET, 0);
        } else {
            endCommitLogOffset = previousOffset;
            long stamp = storeTimestampAt.applyAsLong(previousOffset);
            endTimestamp = stamp >= 0 ? stamp
                : beginTimestamp + IndexFileLayout.timeDelta(buffer, entryAt(keep - 1)) * 1000L;
        }
        buffer.putLong(IndexFileLayout.END_TIMESTAMP_OFFSET, endTimestamp);
        buffer.putLong(IndexFileLayout.END_PHY_OFFSET_OFFSET, endCommitLogOffset);
        setCount(keep);
        file.force();
    }

    private void setCount(int value) {
        count = value;
        buffer.putInt(IndexFileLayout.ENTRY_COUNT_OFFSET, value);
    }

    private int entryAt(int entry) {
        return IndexFileLayout.entryAt(slotCount, entry);
    }

    /** Forces the file when entries were added since the last force. */
    void forceIfDirty() {
        int written = count;
        if (written != forcedCount) {
            file.force();
            forcedCount = written;
        }
    }

    void delete() {
        file.delete();
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
