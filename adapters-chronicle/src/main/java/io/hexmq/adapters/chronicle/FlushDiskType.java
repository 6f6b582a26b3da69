package io.hexmq.adapters.chronicle;

/** RocketMQ's {@code flushDiskType}, mapped onto Chronicle Queue's sync options. */
public enum FlushDiskType {
    /**
     * Chronicle's {@code SyncMode.NONE} plus a flush thread that forces the cycle files every
     * {@code flushIntervalCommitLog} ms: an acknowledged append survives a process crash at once and a
     * machine crash after the next flush.
     */
    ASYNC_FLUSH,
    /**
     * Chronicle's {@code SyncMode.SYNC}: closing each document msyncs it before the append returns, so an
     * acknowledged append is on disk.
     */
    SYNC_FLUSH
}
