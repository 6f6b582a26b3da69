package io.hexmq.adapters.file.commitlog;

/**
 * Where the last append of one thread landed, filled in under the append lock. Reused per thread so
 * the append path allocates no result object of its own.
 */
public final class AppendTicket {

    long physicalOffset;
    long queueOffset;
    long storeTimestamp;
    int length;

    public long physicalOffset() {
        return physicalOffset;
    }

    public long queueOffset() {
        return queueOffset;
    }

    public long storeTimestamp() {
        return storeTimestamp;
    }

    public int length() {
        return length;
    }

    /** The commit-log offset just after the appended records. */
    public long endOffset() {
        return physicalOffset + length;
    }
}
