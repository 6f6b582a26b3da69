package io.hexmq.domain.message.port;

import java.util.Set;

/**
 * What an operator may ask of this broker's own store beyond its scheduled housekeeping (mqadmin
 * deleteExpiredCommitLog, cleanExpiredCQ, cleanUnusedTopic). Always the local store: each replica of a
 * group keeps and cleans its own files, so nothing here goes through the group's log.
 */
public interface StoreHousekeeping {

    /**
     * Runs retention now instead of at its next scheduled pass: deletes the log files whose every message is
     * older than {@code fileReservedTime}, with the queue and key-index files that point only into them.
     *
     * @return how many log files (commit-log segments, Chronicle cycles) were deleted
     */
    int deleteExpiredFiles();

    /** The topics this store holds at least one queue for; a deleted topic is not among them. */
    Set<String> queuedTopics();
}
