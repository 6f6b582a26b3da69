package io.hexmq.storage;

/** RocketMQ's {@code flushDiskType}: when an acknowledged append is on disk, the same for every store. */
public enum FlushDiskType {
    /**
     * A flush thread forces the log every {@code flushIntervalCommitLog} ms and appends do not wait: an
     * acknowledged append survives a process crash at once and a machine crash after the next flush.
     */
    ASYNC_FLUSH,
    /**
     * Group commit: an append returns once a force (fsync) covers it, so an acknowledged message is on
     * disk; one force serves every append that waits for it.
     */
    SYNC_FLUSH
}
