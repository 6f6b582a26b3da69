package io.hexmq.domain.message;

/** Outcome of reading a topic-queue (protocol.md §2.3.9, the store-status table). */
public enum ReadStatus {
    /** At least one message matched. */
    FOUND,
    /** Entries were scanned, none matched the filter; continue at nextBeginOffset. */
    NO_MATCHED_MESSAGE,
    /** The scanned entries point into commit-log segments that were already deleted. */
    MESSAGE_WAS_REMOVING,
    /** The consume-queue segment for the offset could not be read. */
    OFFSET_FOUND_NULL,
    /** The offset is beyond the end of the queue by more than one. */
    OFFSET_OVERFLOW_BADLY,
    /** The offset is exactly the end of the queue: nothing new yet (long-poll candidate). */
    OFFSET_OVERFLOW_ONE,
    /** The offset is below the queue's minimum (retention removed it). */
    OFFSET_TOO_SMALL,
    /** The topic-queue does not exist in the store. */
    NO_MATCHED_LOGIC_QUEUE,
    /** The queue exists but has never held a message. */
    NO_MESSAGE_IN_QUEUE
}
