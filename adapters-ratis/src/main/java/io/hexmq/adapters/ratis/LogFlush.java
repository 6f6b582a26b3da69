package io.hexmq.adapters.ratis;

/**
 * When a replica counts an entry as held, so when a proposal can commit: RocketMQ's flushDiskType for
 * the group's log.
 */
public enum LogFlush {

    /** A replica holds an entry once it is on its disk (SYNC_FLUSH): a majority must lose its disks to lose it. */
    SYNC,

    /**
     * A replica holds an entry once it is written to its log file, which the operating system flushes
     * soon after (ASYNC_FLUSH): a majority of processes may die, not a majority of machines at once.
     */
    ASYNC
}
