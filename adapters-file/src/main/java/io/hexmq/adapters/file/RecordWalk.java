package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.StorageException;
import java.nio.ByteBuffer;

/**
 * Visits the commit log's records in log order, jumping over the blank record that ends a segment: the
 * dispatcher's walk, and each notifying thread's walk over what it dispatched. A walk remembers the
 * segment it is in, so it looks a segment up only when it moves on to the next one, and allocates
 * nothing. For one thread at a time.
 */
final class RecordWalk {

    /** Sees one record: {@code size} bytes at {@code position} of {@code segment}, at commit-log {@code offset}. */
    @FunctionalInterface
    interface Visitor {
        void visit(MappedFile segment, int position, long offset, int size);
    }

    private final CommitLog commitLog;
    /** The segment of the last record visited; segments never move, so it stays valid for its offsets. */
    private MappedFile segment;

    RecordWalk(CommitLog commitLog) {
        this.commitLog = commitLog;
    }

    /** Visits every record of {@code [from, to)}, {@code to} being a record boundary the log has written; returns {@code to}. */
    long over(long from, long to, Visitor visitor) {
        long offset = from;
        while (offset < to) {
            MappedFile current = segmentAt(offset);
            ByteBuffer buffer = current.buffer();
            int position = (int) (offset - current.fromOffset());
            if (MessageLayout.magicCode(buffer, position) == MessageLayout.BLANK_MAGIC_CODE) {
                offset = current.fromOffset() + current.size();
            } else {
                int size = MessageLayout.totalSize(buffer, position);
                visitor.visit(current, position, offset, size);
                offset += size;
            }
        }
        return offset;
    }

    private MappedFile segmentAt(long offset) {
        MappedFile current = segment;
        if (current == null || offset < current.fromOffset() || offset >= current.fromOffset() + current.size()) {
            current = commitLog.segmentAt(offset);
            if (current == null) {
                throw new StorageException("commit log has no segment at dispatch offset " + offset);
            }
            segment = current;
        }
        return current;
    }
}
