package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.StorageException;
import java.nio.ByteBuffer;

/**
 * Visits the commit log's records over {@code [from, to)} in log order, jumping over the blank record
 * that ends a segment: the dispatcher's walk, and the walk that tells listeners of what it dispatched.
 * {@code to} must be a record boundary the log has written. Allocates nothing.
 */
final class RecordWalk {

    /** Sees one record: {@code size} bytes at {@code position} of {@code segment}, at commit-log {@code offset}. */
    @FunctionalInterface
    interface Visitor {
        void visit(MappedFile segment, int position, long offset, int size);
    }

    private RecordWalk() {
    }

    /** Visits every record of {@code [from, to)}; returns {@code to}. */
    static long over(CommitLog commitLog, long from, long to, Visitor visitor) {
        long offset = from;
        while (offset < to) {
            MappedFile segment = commitLog.segmentAt(offset);
            if (segment == null) {
                throw new StorageException("commit log has no segment at dispatch offset " + offset);
            }
            ByteBuffer buffer = segment.buffer();
            int position = (int) (offset - segment.fromOffset());
            if (MessageLayout.magicCode(buffer, position) == MessageLayout.BLANK_MAGIC_CODE) {
                offset = segment.fromOffset() + segment.size();
            } else {
                int size = MessageLayout.totalSize(buffer, position);
                visitor.visit(segment, position, offset, size);
                offset += size;
            }
        }
        return offset;
    }
}
