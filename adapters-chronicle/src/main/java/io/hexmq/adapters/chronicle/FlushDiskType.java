package io.hexmq.adapters.chronicle;

/** RocketMQ's {@code flushDiskType} for the Chronicle store. */
public enum FlushDiskType {
    /**
     * A flush thread forces the cycle files every {@code flushIntervalCommitLog} ms: an acknowledged
     * append survives a process crash at once and a machine crash after the next flush.
     */
    ASYNC_FLUSH,
    /**
     * Before an append returns, the cycle files are forced (fsync) up to at least its document, once per
     * group of concurrent appends (group commit), so an acknowledged append is on disk. Chronicle's own
     * {@code SyncMode} is not used: it syncs only on an explicit call or when a chunk is unmapped.
     */
    SYNC_FLUSH
}
