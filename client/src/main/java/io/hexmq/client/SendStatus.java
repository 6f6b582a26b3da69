package io.hexmq.client;

/**
 * How a broker stored a message it accepted. Every value means the message is stored on the
 * master; the ones other than {@link #SEND_OK} report that a flush or a replica did not confirm in time.
 */
public enum SendStatus {
    SEND_OK,
    /** Response code 10: stored, but not flushed to disk within the broker's sync-flush timeout. */
    FLUSH_DISK_TIMEOUT,
    /** Response code 12: stored, but the replica did not confirm in time. */
    FLUSH_SLAVE_TIMEOUT,
    /** Response code 11: stored, but no replica is available. */
    SLAVE_NOT_AVAILABLE
}
