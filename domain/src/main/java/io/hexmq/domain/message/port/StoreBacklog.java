package io.hexmq.domain.message.port;

/**
 * How far this broker's own store is behind its appends, in commit-log bytes: what mqadmin brokerStatus shows as
 * {@code dispatchBehindBytes} and {@code remainHowManyDataToFlush}. Always the local store, as
 * {@link StoreHousekeeping} is: each replica of a group has its own backlog.
 *
 * <p><b>Promise.</b> Both figures are 0 or more and at most the bytes appended since the store started. Once
 * {@link MessageStore#flush()} returns, and until the next append, both are 0.
 *
 * <p><b>Cost.</b> Two volatile reads and a subtraction; meant for an admin's question, never the hot path.
 *
 * <p><b>Crash.</b> Nothing to recover: the figures are read from positions the store keeps in memory, and a crash
 * loses at most the unflushed bytes this reports (the flush policy of the store says when that can be more than
 * none).
 */
public interface StoreBacklog {

    /**
     * Bytes appended to the commit log that no consume queue or key index points into yet. A store that makes
     * every append readable before the append returns reports more than 0 only while an append is under way.
     */
    long undispatchedBytes();

    /** Bytes appended to the commit log that are not yet known to be on disk. */
    long unflushedBytes();
}
