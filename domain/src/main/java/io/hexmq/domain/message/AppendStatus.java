package io.hexmq.domain.message;

/** Outcome of an append; only {@link #PUT_OK} means the message was stored. */
public enum AppendStatus {
    /** Stored (and, under synchronous flush, on disk). */
    PUT_OK,
    /** Stored in the commit log, but the synchronous flush did not finish in time; it may be lost on a crash. */
    FLUSH_DISK_TIMEOUT,
    /** Stored, but a synchronous replica did not confirm in time (replication, later). */
    FLUSH_SLAVE_TIMEOUT,
    /** Stored, but no synchronous replica is available (replication, later). */
    SLAVE_NOT_AVAILABLE,
    /** Not stored: the store is not running, read-only, or the disk is full (see the reason). */
    SERVICE_NOT_AVAILABLE,
    /** Not stored: a new segment could not be created. */
    CREATE_MAPPED_FILE_FAILED,
    /** Not stored: the message is malformed or too large (see the reason). */
    MESSAGE_ILLEGAL,
    /** Not stored: the properties string is longer than 32767 bytes. */
    PROPERTIES_SIZE_EXCEEDED,
    /** Not stored: the page cache is busy (lock held too long). */
    OS_PAGE_CACHE_BUSY,
    /** Not stored: an unexpected failure. */
    UNKNOWN_ERROR;

    /**
     * Whether the refusal follows from the message alone, so that every store refuses the same message alike;
     * any other refusal comes from the state of this one store (stopped, disk full, a file it could not create).
     */
    public boolean refusesTheMessageItself() {
        return this == MESSAGE_ILLEGAL || this == PROPERTIES_SIZE_EXCEEDED;
    }

    /** Whether the message is in the commit log (even if a flush or replica guarantee failed). */
    public boolean isStored() {
        return this == PUT_OK || this == FLUSH_DISK_TIMEOUT || this == FLUSH_SLAVE_TIMEOUT
            || this == SLAVE_NOT_AVAILABLE;
    }
}
