package io.hexmq.adapters.file;

/** RocketMQ's {@code flushDiskType}. */
public enum FlushDiskType {
    /** A flush thread forces the commit log every {@code flushIntervalCommitLog} ms; appends do not wait. */
    ASYNC_FLUSH,
    /** Group commit: an append returns once a flush covers it, so an acknowledged message is on disk. */
    SYNC_FLUSH
}
