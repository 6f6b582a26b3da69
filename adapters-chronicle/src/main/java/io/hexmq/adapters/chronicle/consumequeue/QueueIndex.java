package io.hexmq.adapters.chronicle.consumequeue;

import io.hexmq.storage.QueueRange;
import java.util.Arrays;

/**
 * The consume queue of one topic-queue, in memory: for each logical offset the Chronicle index of the
 * document holding the record, the record's byte position inside that document, and its tag code.
 *
 * <p>Entries live in fixed chunks of {@link #CHUNK_ENTRIES}, so an append allocates nothing except one
 * chunk every {@link #CHUNK_ENTRIES} messages. One writer (the store's append lock) adds entries and
 * drops old ones; readers run without locks: the writer fills an entry before publishing the new
 * {@code max} (volatile), and replaces the chunk table as a whole, so a reader sees either table.
 *
 * <p>Nothing here is persisted: after a restart the store's start-up scan rebuilds every index from the
 * Chronicle queue.
 */
public final class QueueIndex implements QueueRange {

    static final int CHUNK_SHIFT = 12;
    static final int CHUNK_ENTRIES = 1 << CHUNK_SHIFT;
    private static final int LONGS_PER_ENTRY = 3;
    /** {@link #documentIndex} of an entry that is no longer kept. */
    public static final long GONE = -1L;

    /** The chunks from chunk number {@code first} on; replaced, never changed in size. */
    private record Chunks(long first, long[][] chunks) {
    }

    private volatile Chunks table;
    private volatile long min;
    private volatile long max;

    /** An index whose next offset is {@code start} and that holds no entries (a new queue, or one retention emptied). */
    QueueIndex(long start) {
        this.min = start;
        this.max = start;
        this.table = new Chunks(start >> CHUNK_SHIFT, new long[0][]);
    }

    @Override
    public long minOffset() {
        return min;
    }

    @Override
    public long maxOffset() {
        return max;
    }

    /** Writer only: appends the entry for logical offset {@link #maxOffset()} and publishes it. */
    public void add(long documentIndex, int position, long tagsCode) {
        long offset = max;
        Chunks current = table;
        long chunkNumber = offset >> CHUNK_SHIFT;
        int slot = (int) (chunkNumber - current.first);
        if (slot >= current.chunks.length) {
            long[][] grown = Arrays.copyOf(current.chunks, slot + 1);
            grown[slot] = new long[CHUNK_ENTRIES * LONGS_PER_ENTRY];
            current = new Chunks(current.first, grown);
            table = current;
        }
        long[] chunk = current.chunks[slot];
        int at = (int) (offset & (CHUNK_ENTRIES - 1)) * LONGS_PER_ENTRY;
        chunk[at] = documentIndex;
        chunk[at + 1] = position;
        chunk[at + 2] = tagsCode;
        max = offset + 1;
    }

    /**
     * Writer only: forgets every entry whose document index is below {@code firstKeptDocument} (retention
     * deleted those documents); the minimum offset moves past them.
     */
    public void dropBefore(long firstKeptDocument) {
        long newMin = min;
        long end = max;
        while (newMin < end && documentIndex(newMin) < firstKeptDocument) {
            newMin++;
        }
        min = newMin;
        Chunks current = table;
        long firstNeeded = newMin >> CHUNK_SHIFT;
        int drop = (int) Math.min(firstNeeded - current.first, current.chunks.length);
        if (drop > 0) {
            long[][] kept = Arrays.copyOfRange(current.chunks, drop, current.chunks.length);
            table = new Chunks(current.first + drop, kept);
        }
    }

    /** The Chronicle index of the document holding the entry at {@code offset}, or {@link #GONE}. */
    public long documentIndex(long offset) {
        long[] chunk = chunkOf(offset);
        return chunk == null ? GONE : chunk[slotOf(offset)];
    }

    /** The record's byte position inside its document; call after {@link #documentIndex} was not GONE. */
    public int position(long offset) {
        long[] chunk = chunkOf(offset);
        return chunk == null ? 0 : (int) chunk[slotOf(offset) + 1];
    }

    public long tagsCode(long offset) {
        long[] chunk = chunkOf(offset);
        return chunk == null ? 0 : chunk[slotOf(offset) + 2];
    }

    private long[] chunkOf(long offset) {
        if (offset < 0 || offset >= max) {
            return null;
        }
        Chunks current = table;
        long slot = (offset >> CHUNK_SHIFT) - current.first;
        if (slot < 0 || slot >= current.chunks.length) {
            return null;
        }
        return current.chunks[(int) slot];
    }

    private static int slotOf(long offset) {
        return (int) (offset & (CHUNK_ENTRIES - 1)) * LONGS_PER_ENTRY;
    }
}
