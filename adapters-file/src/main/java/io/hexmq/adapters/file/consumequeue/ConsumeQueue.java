package io.hexmq.adapters.file.consumequeue;

import static io.hexmq.adapters.file.consumequeue.ConsumeQueueEntryLayout.ENTRY_LENGTH;

import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.adapters.file.mmap.MappedFileQueue;
import io.hexmq.storage.QueueRange;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The index of one topic-queue: entry {@code n} ({@link ConsumeQueueEntryLayout}) locates the message
 * with logical offset {@code n} in the commit log. Segment files hold a whole number of entries and are
 * named by their start byte offset, as in RocketMQ.
 *
 * <p>Written only by the store's dispatcher (entries in logical order, idempotently: an entry that is
 * already there is skipped, so re-dispatching after a crash is safe). Read by any thread; an entry
 * becomes visible when {@link #maxOffset()} passes it.
 *
 * <p><b>Crash story.</b> Entries are rebuilt from the commit log, which is the source of truth: after a
 * crash, entries pointing past the end of the commit log are removed and missing ones re-dispatched.
 */
public final class ConsumeQueue implements QueueRange {

    private final String topic;
    private final int queueId;
    private final MappedFileQueue files;
    private final int fileSize;
    private volatile long minOffset;
    private volatile long maxOffset;

    ConsumeQueue(String topic, int queueId, Path directory, int fileSize) {
        this.topic = topic;
        this.queueId = queueId;
        this.files = new MappedFileQueue(directory, fileSize);
        this.fileSize = fileSize;
    }

    public String topic() {
        return topic;
    }

    public int queueId() {
        return queueId;
    }

    /** Smallest readable logical offset. */
    @Override
    public long minOffset() {
        return minOffset;
    }

    /** Next logical offset to be written. */
    @Override
    public long maxOffset() {
        return maxOffset;
    }

    void load() {
        files.load();
        MappedFile last = files.last();
        if (last == null) {
            return;
        }
        ByteBuffer buffer = last.buffer();
        int position = 0;
        while (position + ENTRY_LENGTH <= fileSize && ConsumeQueueEntryLayout.size(buffer, position) > 0) {
            position += ENTRY_LENGTH;
        }
        last.setWritePosition(position);
        last.setFlushedPosition(position);
        maxOffset = (last.fromOffset() + position) / ENTRY_LENGTH;
        minOffset = files.first().fromOffset() / ENTRY_LENGTH;
    }

    /** Records the message with logical offset {@code queueOffset}; entries already present are kept. */
    public void put(long queueOffset, long commitLogOffset, int size, long tagsCode) {
        long max = maxOffset;
        if (queueOffset < max) {
            return;
        }
        if (queueOffset > max && max == minOffset) {
            // an empty queue whose first message does not start at 0 (its earlier files were removed)
            minOffset = queueOffset;
        }
        long byteOffset = queueOffset * ENTRY_LENGTH;
        MappedFile file = files.find(byteOffset);
        if (file == null) {
            MappedFile last = files.last();
            long from = byteOffset - byteOffset % fileSize;
            while (last != null && last.fromOffset() + fileSize < from) {
                last = files.create(last.fromOffset() + fileSize);
            }
            file = files.create(from);
        }
        int position = (int) (byteOffset - file.fromOffset());
        ConsumeQueueEntryLayout.write(file.buffer(), position, commitLogOffset, size, tagsCode);
        file.setWritePosition(position + ENTRY_LENGTH);
        maxOffset = queueOffset + 1;
    }

    /**
     * Entries from {@code queueOffset} to the end of its segment or of the queue, whichever comes first, as
     * a read-only view (entry 0 = {@code queueOffset}); null when the segment is gone.
     */
    public ByteBuffer entriesFrom(long queueOffset) {
        long byteOffset = queueOffset * ENTRY_LENGTH;
        MappedFile file = files.find(byteOffset);
        if (file == null) {
            return null;
        }
        int position = (int) (byteOffset - file.fromOffset());
        long available = Math.min(fileSize - position, (maxOffset - queueOffset) * ENTRY_LENGTH);
        if (available <= 0) {
            return null;
        }
        return file.view(position, (int) available);
    }

    /** Each segment's file with the bytes its entries fill (the last one's up to the queue's end): what a copy needs. */
    public Map<Path, Long> filledBytes() {
        Map<Path, Long> filled = new LinkedHashMap<>();
        long end = maxOffset * ENTRY_LENGTH;
        for (MappedFile file : files.files()) {
            filled.put(file.path(), Math.max(0, Math.min(fileSize, end - file.fromOffset())));
        }
        return filled;
    }

    /** Logical offset where the segment after the one holding {@code queueOffset} starts. */
    public long nextSegmentOffset(long queueOffset) {
        long entriesPerFile = fileSize / ENTRY_LENGTH;
        return (queueOffset / entriesPerFile + 1) * entriesPerFile;
    }

    /** Commit-log offset of the entry at {@code queueOffset}, or -1 when it is not readable. */
    public long commitLogOffsetAt(long queueOffset) {
        ByteBuffer entry = entriesFrom(queueOffset);
        return entry == null ? -1 : ConsumeQueueEntryLayout.commitLogOffset(entry, 0);
    }

    /** Removes entries that point at or beyond {@code commitLogEnd} (a truncated commit log). */
    void truncateBeyond(long commitLogEnd) {
        long max = maxOffset;
        long keep = max;
        while (keep > minOffset) {
            ByteBuffer entry = entriesFrom(keep - 1);
            if (entry != null && ConsumeQueueEntryLayout.commitLogOffset(entry, 0)
                + ConsumeQueueEntryLayout.size(entry, 0) <= commitLogEnd) {
                break;
            }
            keep--;
        }
        if (keep < max) {
            files.truncateTo(keep * ENTRY_LENGTH, true);
            maxOffset = keep;
        }
    }

    /**
     * Drops whole segments whose entries all point below {@code commitLogMinOffset} (the last segment is
     * kept) and moves {@link #minOffset()} to the first entry still in the commit log.
     */
    void correctMinOffset(long commitLogMinOffset) {
        while (files.files().size() > 1) {
            MappedFile first = files.first();
            ByteBuffer buffer = first.buffer();
            int lastEntry = fileSize - ENTRY_LENGTH;
            if (ConsumeQueueEntryLayout.commitLogOffset(buffer, lastEntry) >= commitLogMinOffset) {
                break;
            }
            files.deleteFirst();
        }
        MappedFile first = files.first();
        if (first == null) {
            return;
        }
        long offset = Math.max(minOffset, first.fromOffset() / ENTRY_LENGTH);
        long max = maxOffset;
        while (offset < max) {
            long commitLogOffset = commitLogOffsetAt(offset);
            if (commitLogOffset >= commitLogMinOffset) {
                break;
            }
            offset++;
        }
        minOffset = offset;
    }

    void flush() {
        files.flushAll();
    }

    /** Deletes the queue's files; readers holding views keep them (see MappedFile). */
    void destroy() {
        files.destroy();
    }
}
