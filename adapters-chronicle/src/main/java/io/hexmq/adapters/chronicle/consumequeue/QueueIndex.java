package io.hexmq.adapters.chronicle.consumequeue;

import io.hexmq.adapters.chronicle.mapped.MappedFiles;
import io.hexmq.domain.message.StorageException;
import io.hexmq.storage.QueueRange;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The consume queue of one topic-queue, off the heap: for each logical offset the Chronicle index of the
 * document holding the record, the record's position inside that document, and its tag code
 * ({@link QueueEntryLayout}), in memory-mapped segment files of a fixed number of entries each, named by
 * their first offset in 20 digits, in the queue's own directory.
 *
 * <p>One writer (the store's append lock) adds entries and drops old segments; readers run without locks:
 * the writer fills an entry before publishing the new {@code max} (volatile), and replaces the segment
 * table as a whole, so a reader sees either table.
 *
 * <p><b>Crash story.</b> The entries are durable up to what {@link #force()} covered; which of them count
 * is the {@code min} and {@code max} the store's checkpoint saved with them. A queue reopened
 * ({@link #open}) at those offsets treats every later entry as unwritten, and the start-up scan of the log
 * from the checkpoint on writes them again.
 */
public final class QueueIndex implements QueueRange {

    /** {@link #documentIndex} of an entry that is no longer kept. */
    public static final long GONE = -1L;

    /** The segments from segment number {@code first} on; replaced, never changed in size. */
    private record Segments(long first, MappedByteBuffer[] maps) {
    }

    private final Path directory;
    private final int segmentEntries;
    private volatile Segments table;
    private volatile long min;
    private volatile long max;
    /** Offset below which {@link #force()} has covered every entry; the checkpoint's thread only. */
    private long forcedEnd;
    /** A segment file was created since the last force: its directory entry must reach the disk too. */
    private volatile boolean segmentCreated;

    private QueueIndex(Path directory, int segmentEntries, long min, long max) {
        this.directory = directory;
        this.segmentEntries = segmentEntries;
        this.min = min;
        this.max = max;
        this.forcedEnd = max;
        this.table = new Segments(min / segmentEntries, new MappedByteBuffer[0]);
    }

    /** A queue whose next offset is {@code start} and that holds no entries; whatever its directory held is gone. */
    static QueueIndex create(Path directory, int segmentEntries, long start) {
        MappedFiles.deleteTree(directory);
        return new QueueIndex(directory, segmentEntries, start, start);
    }

    /**
     * The queue as a checkpoint saved it: its entries {@code [min, max)} are in the segment files of
     * {@code directory}. Segments wholly below {@code min} are deleted; a segment missing inside the range
     * is corruption.
     */
    static QueueIndex open(Path directory, int segmentEntries, long min, long max) {
        QueueIndex queue = new QueueIndex(directory, segmentEntries, min, max);
        long first = min / segmentEntries;
        long last = max > min ? (max - 1) / segmentEntries : first - 1;
        MappedByteBuffer[] maps = new MappedByteBuffer[(int) (last - first + 1)];
        for (long number = first; number <= last; number++) {
            Path file = queue.segmentFile(number);
            if (!Files.exists(file)) {
                throw new StorageException("consume queue segment " + file + " is missing: the checkpoint says the"
                    + " queue holds offsets " + min + ".." + max);
            }
            maps[(int) (number - first)] = queue.map(number);
        }
        queue.table = new Segments(first, maps);
        queue.deleteSegmentsBefore(first);
        return queue;
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
        Segments current = table;
        long number = offset / segmentEntries;
        int slot = (int) (number - current.first);
        if (slot >= current.maps.length) {
            MappedByteBuffer[] grown = Arrays.copyOf(current.maps, slot + 1);
            grown[slot] = map(number);
            segmentCreated = true;
            current = new Segments(current.first, grown);
            table = current;
        }
        QueueEntryLayout.write(current.maps[slot], entryAt(offset), documentIndex, position, tagsCode);
        max = offset + 1;
    }

    /**
     * Writer only: forgets every entry whose document index is below {@code firstKeptDocument} (retention
     * deleted those documents); the minimum offset moves past them and the segments wholly below it are
     * deleted.
     */
    public void dropBefore(long firstKeptDocument) {
        long newMin = min;
        long end = max;
        while (newMin < end && documentIndex(newMin) < firstKeptDocument) {
            newMin++;
        }
        min = newMin;
        Segments current = table;
        long firstNeeded = newMin / segmentEntries;
        int drop = (int) Math.min(firstNeeded - current.first, current.maps.length);
        if (drop > 0) {
            table = new Segments(current.first + drop, Arrays.copyOfRange(current.maps, drop, current.maps.length));
            deleteSegmentsBefore(current.first + drop);
        }
    }

    /** The Chronicle index of the document holding the entry at {@code offset}, or {@link #GONE}. */
    public long documentIndex(long offset) {
        MappedByteBuffer segment = segmentOf(offset);
        return segment == null ? GONE : QueueEntryLayout.documentIndex(segment, entryAt(offset));
    }

    /** The record's byte position inside its document; call after {@link #documentIndex} was not GONE. */
    public int position(long offset) {
        MappedByteBuffer segment = segmentOf(offset);
        return segment == null ? 0 : QueueEntryLayout.position(segment, entryAt(offset));
    }

    public long tagsCode(long offset) {
        MappedByteBuffer segment = segmentOf(offset);
        return segment == null ? 0 : QueueEntryLayout.tagsCode(segment, entryAt(offset));
    }

    /**
     * Writes the entries added since the last force to disk. The checkpoint's thread only; concurrent adds
     * are fine (the next force covers them).
     */
    public void force() {
        if (segmentCreated) {
            segmentCreated = false;
            // the queue's directory, and the topic's that holds it, may be new as well
            MappedFiles.forceDirectory(directory);
            MappedFiles.forceDirectory(directory.getParent());
        }
        long end = max;
        Segments current = table;
        long from = Math.max(forcedEnd, current.first * segmentEntries);
        while (from < end) {
            long number = from / segmentEntries;
            int slot = (int) (number - current.first);
            long segmentEnd = Math.min(end, (number + 1) * segmentEntries);
            if (slot >= 0 && slot < current.maps.length) {
                int at = entryAt(from);
                MappedFiles.force(current.maps[slot], at, entryAt(segmentEnd - 1) + QueueEntryLayout.ENTRY_LENGTH - at,
                    segmentFile(number));
            }
            from = segmentEnd;
        }
        forcedEnd = end;
    }

    /** Writer only: deletes the queue's files (its topic was deleted); reads of this index find nothing kept. */
    void delete() {
        min = max;
        table = new Segments(max / segmentEntries, new MappedByteBuffer[0]);
        MappedFiles.deleteTree(directory);
    }

    private MappedByteBuffer segmentOf(long offset) {
        if (offset < 0 || offset >= max) {
            return null;
        }
        Segments current = table;
        long slot = offset / segmentEntries - current.first;
        if (slot < 0 || slot >= current.maps.length) {
            return null;
        }
        return current.maps[(int) slot];
    }

    private int entryAt(long offset) {
        return (int) (offset % segmentEntries) * QueueEntryLayout.ENTRY_LENGTH;
    }

    private MappedByteBuffer map(long number) {
        return MappedFiles.map(segmentFile(number), segmentEntries * QueueEntryLayout.ENTRY_LENGTH);
    }

    private Path segmentFile(long number) {
        return directory.resolve(String.format("%020d", number * segmentEntries));
    }

    /** Deletes the segment files below segment {@code first}: retention emptied them. */
    private void deleteSegmentsBefore(long first) {
        for (long number = first - 1; number >= 0; number--) {
            Path file = segmentFile(number);
            if (!Files.exists(file)) {
                return;
            }
            MappedFiles.delete(file);
        }
    }
}
