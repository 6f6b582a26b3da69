package io.hexmq.adapters.file.index;

import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.time.port.Clock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongUnaryOperator;

/**
 * The file store's key index: a sequence of {@link IndexFileLayout} files under {@code index/}, named by
 * creation time, each with {@code maxHashSlotNum} slots and room for {@code maxIndexNum} entries; when
 * the newest is full the next entry starts a new file. One entry per key of each record
 * ({@link IndexKeys}), in commit-log order.
 *
 * <p><b>Cost.</b> An insert is a slot read, a 20-byte entry write, a slot write and a header update in
 * mapped memory, under a lock that queries hold only while they collect candidate offsets. Nothing is
 * allocated per insert.
 *
 * <p><b>Crash story.</b> Files are forced with the checkpoint, after the dispatched offset it records
 * was read, so every entry below that offset is on disk. At start {@link #trimFrom} drops every entry
 * at or after the offset the dispatcher restarts from (whole files whose first entry is beyond it,
 * the tail of the one it falls in) and the dispatcher indexes those records again: the index never
 * points past the recovered end of the log, and no record is indexed twice.
 *
 * <p><b>Retention.</b> {@link #deleteBefore} deletes files whose every entry points below the commit
 * log's new start; the newest file always stays.
 */
public final class MessageIndex {

    private final Path directory;
    private final int slotCount;
    private final int maxEntries;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final CopyOnWriteArrayList<IndexFile> files = new CopyOnWriteArrayList<>();
    private final IndexKeys.Hashes hashes = new IndexKeys.Hashes();

    public MessageIndex(Path directory, int maxHashSlotNum, int maxIndexNum, Clock clock) {
        this.directory = directory;
        this.slotCount = maxHashSlotNum;
        this.maxEntries = maxIndexNum;
        this.clock = clock;
    }

    /** Maps the existing files, oldest first. */
    public void load() {
        try {
            for (Path path : MappedFile.segmentsIn(directory)) {
                long expected = IndexFileLayout.fileSize(slotCount, maxEntries + 1);
                if (Files.size(path) != expected) {
                    throw new StorageException("index file " + path + " has " + Files.size(path) + " bytes, expected "
                        + expected + " for maxHashSlotNum " + slotCount + " and maxIndexNum " + maxEntries
                        + "; delete the index directory to rebuild it with these settings");
                }
                files.add(IndexFile.open(directory, Long.parseLong(path.getFileName().toString()), slotCount, maxEntries));
            }
        } catch (IOException e) {
            throw new StorageException("cannot list " + directory, e);
        }
    }

    /**
     * Drops every entry for a record at or after {@code commitLogOffset}; see the crash story.
     * {@code storeTimestampAt} gives the store time of a record, or -1 when it is gone.
     */
    public void trimFrom(long commitLogOffset, LongUnaryOperator storeTimestampAt) {
        lock.lock();
        try {
            for (int i = files.size() - 1; i >= 0; i--) {
                IndexFile file = files.get(i);
                if (file.headerTrusted() && !file.isEmpty() && file.beginCommitLogOffset() >= commitLogOffset) {
                    files.remove(i);
                    file.delete();
                } else if (!file.headerTrusted() || file.endCommitLogOffset() >= commitLogOffset) {
                    file.trimFrom(commitLogOffset, storeTimestampAt);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Indexes every key of the record at {@code at} of {@code record}, which lies at {@code commitLogOffset}
     * in topic {@code topic}. Called by the dispatcher, in commit-log order.
     */
    public void add(ByteBuffer record, int at, long commitLogOffset, String topic) {
        if (!IndexKeys.indexed(record, at)) {
            return;
        }
        lock.lock();
        try {
            long storeTimestamp = MessageLayout.storeTimestamp(record, at);
            IndexKeys.keyHashes(record, at, topic.hashCode(), hashes);
            for (int i = 0; i < hashes.count(); i++) {
                IndexFile last = files.isEmpty() ? null : files.get(files.size() - 1);
                if (last == null || last.isFull()) {
                    last = newFile(last);
                }
                last.add(hashes.get(i), commitLogOffset, storeTimestamp);
            }
        } finally {
            lock.unlock();
        }
    }

    private IndexFile newFile(IndexFile previous) {
        long name = clock.millis();
        if (previous != null && name <= previous.createdAt()) {
            name = previous.createdAt() + 1;
        }
        IndexFile file = IndexFile.open(directory, name, slotCount, maxEntries);
        files.add(file);
        return file;
    }

    /**
     * Commit-log offsets of entries hashed {@code hash} ({@link IndexKeys#hash}) stored within
     * {@code [begin, end]} (to the second), newest first, at most {@code limit}. Candidates only: a hash
     * may be shared, and the store time is the entry's second; the caller confirms each against its record.
     *
     * <p>Index files are kept across restarts and never rebuilt, so files written before hexmq indexed
     * tags ({@code topic#T#tag}) hold no tag entries: a query by tag does not find the messages they
     * cover, though a query by key still does.
     */
    public List<Long> candidates(int hash, long begin, long end, int limit) {
        List<Long> out = new ArrayList<>();
        lock.lock();
        try {
            for (int i = files.size() - 1; i >= 0 && out.size() < limit; i--) {
                files.get(i).collect(hash, begin, end, limit, out);
            }
        } finally {
            lock.unlock();
        }
        return out;
    }

    /** Store time of the newest indexed record, 0 when the index is empty. */
    public long lastUpdateTimestamp() {
        IndexFile last = newestNonEmpty();
        return last == null ? 0 : last.endTimestamp();
    }

    /** Commit-log offset of the newest indexed record, 0 when the index is empty. */
    public long lastUpdateCommitLogOffset() {
        IndexFile last = newestNonEmpty();
        return last == null ? 0 : last.endCommitLogOffset();
    }

    private IndexFile newestNonEmpty() {
        lock.lock();
        try {
            for (int i = files.size() - 1; i >= 0; i--) {
                if (!files.get(i).isEmpty()) {
                    return files.get(i);
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Forces the files written since the last flush (the flush thread, with the checkpoint). */
    public void flush() {
        for (IndexFile file : files) {
            file.forceIfDirty();
        }
    }

    /**
     * Deletes the oldest files whose entries all point below {@code commitLogMinOffset}; the newest file
     * stays. Returns how many were deleted.
     */
    public int deleteBefore(long commitLogMinOffset) {
        lock.lock();
        try {
            int deleted = 0;
            while (files.size() > 1 && files.get(0).endCommitLogOffset() < commitLogMinOffset) {
                files.remove(0).delete();
                deleted++;
            }
            return deleted;
        } finally {
            lock.unlock();
        }
    }

    /** Number of index files (tests, statistics). */
    public int fileCount() {
        return files.size();
    }
}
