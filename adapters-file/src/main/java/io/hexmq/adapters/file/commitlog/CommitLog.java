package io.hexmq.adapters.file.commitlog;

import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.adapters.file.mmap.MappedFileQueue;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.GroupCommit;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.zip.CRC32;

/**
 * The commit log: every message of every topic, back to back, as {@link MessageLayout} records in
 * segments of {@code segmentSize} bytes named by their start offset. A record never spans two
 * segments; the end of a segment that cannot hold the next record (plus room for a blank) is filled
 * with a blank record.
 *
 * <p><b>Single writer.</b> Callers encode outside; {@link #append} holds one lock only to pick the
 * position, stamp offsets and store time, and copy the bytes. The write offset is published after the
 * copy, so every byte below {@link #writtenOffset()} is a complete record.
 *
 * <p><b>Crash story.</b> Bytes below {@link #flushedOffset()} are on disk. After a crash,
 * {@link #recover} re-verifies every record from a trusted offset (size, magic code, body CRC) and cuts
 * the log at the first one that fails; nothing after it is kept, even if it looks valid.
 */
public final class CommitLog {

    private final MappedFileQueue segments;
    private final int segmentSize;
    private final int maxRecordLength;
    private final Clock clock;
    private final ReentrantLock appendLock = new ReentrantLock();
    private final Object flushMonitor = new Object();
    private final GroupCommit groupCommit = new GroupCommit();
    private volatile long writtenOffset;
    private volatile long flushedOffset;

    public CommitLog(Path directory, int segmentSize, int maxRecordLength, Clock clock) {
        this.segments = new MappedFileQueue(directory, segmentSize);
        this.segmentSize = segmentSize;
        this.maxRecordLength = maxRecordLength;
        this.clock = clock;
    }

    /** Status of an {@link #append}. */
    public enum AppendOutcome { OK, CREATE_SEGMENT_FAILED }

    public void load() {
        segments.load();
    }

    /**
     * Sets the end of the log. With {@code verify} false (clean shutdown) {@code trustedEnd} is taken
     * as the end; otherwise records are verified from {@code trustedEnd} on and the log is truncated at
     * the first bad one. Returns the end offset.
     */
    public long recover(long trustedEnd, boolean verify) {
        if (segments.isEmpty()) {
            writtenOffset = 0;
            flushedOffset = 0;
            return 0;
        }
        long start = Math.max(trustedEnd, minOffset());
        MappedFile last = segments.last();
        if (start > last.fromOffset() + segmentSize) {
            start = last.fromOffset();
            verify = true;
        }
        long end = verify ? scan(start) : start;
        segments.truncateTo(end, verify);
        writtenOffset = end;
        flushedOffset = end;
        groupCommit.flushed(end);
        return end;
    }

    private long scan(long start) {
        CRC32 crc = new CRC32();
        MappedFile file = segments.find(start);
        if (file == null) {
            // start is exactly the end of the last segment
            return start;
        }
        int position = (int) (start - file.fromOffset());
        while (true) {
            int result = MessageLayout.check(file.buffer(), position, segmentSize - position, maxRecordLength, crc);
            if (result > 0) {
                position += result;
            } else if (result == MessageLayout.CHECK_BLANK) {
                MappedFile next = segments.find(file.fromOffset() + segmentSize);
                if (next == null) {
                    return file.fromOffset() + segmentSize;
                }
                file = next;
                position = 0;
            } else {
                return file.fromOffset() + position;
            }
        }
    }

    /**
     * Appends {@code length} bytes of encoded records ({@code count} of them, index 0 of
     * {@code encoded}) and stamps them with consecutive queue offsets from {@code counter} (or 0 when
     * {@code counter} is null: transaction half and rollback messages) and {@code storeTimestamp}, or the
     * current time when that is {@link AppendEncoding#CLOCK_TIME}.
     */
    public AppendOutcome append(ByteBuffer encoded, int length, int count, QueueCounter counter, long storeTimestamp,
                                AppendTicket ticket) {
        appendLock.lock();
        try {
            MappedFile file = segments.last();
            long physical = writtenOffset;
            if (file == null || physical >= file.fromOffset() + segmentSize) {
                file = createSegment(physical);
                if (file == null) {
                    return AppendOutcome.CREATE_SEGMENT_FAILED;
                }
            }
            int position = (int) (physical - file.fromOffset());
            if (length + MessageLayout.BLANK_RECORD_MIN_LENGTH > segmentSize - position) {
                MessageLayout.writeBlank(file.buffer(), position, segmentSize - position);
                file.setWritePosition(segmentSize);
                physical = file.fromOffset() + segmentSize;
                writtenOffset = physical;
                file = createSegment(physical);
                if (file == null) {
                    return AppendOutcome.CREATE_SEGMENT_FAILED;
                }
                position = 0;
            }
            long now = AppendEncoding.storeTimestamp(storeTimestamp, clock);
            long queueOffset = counter == null ? 0L : counter.next();
            int at = 0;
            for (int i = 0; i < count; i++) {
                MessageLayout.stamp(encoded, at, counter == null ? 0L : queueOffset + i, physical + at, now);
                at += MessageLayout.totalSize(encoded, at);
            }
            file.write(position, encoded, length);
            file.setWritePosition(position + length);
            if (counter != null) {
                counter.advance(count);
            }
            ticket.physicalOffset = physical;
            ticket.queueOffset = queueOffset;
            ticket.storeTimestamp = now;
            ticket.length = length;
            writtenOffset = physical + length;
            return AppendOutcome.OK;
        } finally {
            appendLock.unlock();
        }
    }

    private MappedFile createSegment(long fromOffset) {
        try {
            return segments.create(fromOffset);
        } catch (StorageException e) {
            return null;
        }
    }

    /**
     * Forces everything written so far (each segment only from its flushed position on) and completes the
     * {@link #groupCommit() group-commit} waiters it covers; returns the new flushed offset. Safe to call
     * from any thread.
     */
    public long flush() {
        long target;
        synchronized (flushMonitor) {
            target = writtenOffset;
            long from = flushedOffset;
            while (from < target) {
                MappedFile file = segments.find(from);
                if (file == null) {
                    break;
                }
                long segmentEnd = file.fromOffset() + segmentSize;
                long end = Math.min(target, segmentEnd);
                file.flush((int) (end - file.fromOffset()));
                from = end;
            }
            flushedOffset = target;
        }
        // outside the monitor: completing the waiters runs what their callers attached, which must not hold
        // up another flusher
        groupCommit.flushed(target);
        return target;
    }

    /** Where {@code SYNC_FLUSH} appenders wait for the flush that covers them; every {@link #flush} reports to it. */
    public GroupCommit groupCommit() {
        return groupCommit;
    }

    public long writtenOffset() {
        return writtenOffset;
    }

    public long flushedOffset() {
        return flushedOffset;
    }

    /** Start offset of the oldest segment (0 when empty). */
    public long minOffset() {
        MappedFile first = segments.first();
        return first == null ? 0 : first.fromOffset();
    }

    public int segmentSize() {
        return segmentSize;
    }

    /** The newest segment, the one appends go to (until it is full), or null before the first append. */
    public MappedFile lastSegment() {
        return segments.last();
    }

    /** The segment holding {@code offset}, or null; for sequential readers like the dispatcher. */
    public MappedFile segmentAt(long offset) {
        return segments.find(offset);
    }

    public List<MappedFile> segments() {
        return segments.files();
    }

    /** Removes the oldest segment; the caller ensures it is no longer needed. */
    public void deleteOldestSegment() {
        segments.deleteFirst();
    }

    /**
     * A read-only view of the record at {@code offset}, or null when no complete record starts there.
     */
    public ByteBuffer record(long offset) {
        if (offset < 0 || offset >= writtenOffset) {
            return null;
        }
        MappedFile file = segments.find(offset);
        if (file == null) {
            return null;
        }
        int position = (int) (offset - file.fromOffset());
        if (position + MessageLayout.BLANK_RECORD_MIN_LENGTH > file.writePosition()) {
            return null;
        }
        ByteBuffer buffer = file.buffer();
        int size = MessageLayout.totalSize(buffer, position);
        if (MessageLayout.magicCode(buffer, position) != MessageLayout.MAGIC_CODE_V1
            || size < MessageLayout.MIN_RECORD_LENGTH || position + size > file.writePosition()) {
            return null;
        }
        return file.view(position, size);
    }

    /** A read-only view of {@code size} bytes at {@code offset} (a consume-queue entry), or null. */
    public ByteBuffer record(long offset, int size) {
        MappedFile file = segments.find(offset);
        if (file == null) {
            return null;
        }
        int position = (int) (offset - file.fromOffset());
        if (position + size > file.writePosition()) {
            return null;
        }
        return file.view(position, size);
    }

    /** Store timestamp of the record at {@code offset}, or -1 when it is gone. */
    public long storeTimestampAt(long offset) {
        MappedFile file = segments.find(offset);
        if (file == null) {
            return -1;
        }
        int position = (int) (offset - file.fromOffset());
        if (position + MessageLayout.BORN_HOST_OFFSET > file.writePosition()) {
            return -1;
        }
        return MessageLayout.storeTimestamp(file.buffer(), position);
    }
}
