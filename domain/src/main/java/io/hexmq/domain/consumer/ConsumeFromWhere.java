package io.hexmq.domain.consumer;

/** Where a consumer starts on a queue that has no committed offset; the names are the wire values. */
public enum ConsumeFromWhere {
    CONSUME_FROM_LAST_OFFSET,
    CONSUME_FROM_FIRST_OFFSET,
    CONSUME_FROM_TIMESTAMP,
    /** Deprecated by RocketMQ, still sent by old clients. */
    CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST,
    /** Deprecated by RocketMQ, still sent by old clients. */
    CONSUME_FROM_MIN_OFFSET,
    /** Deprecated by RocketMQ, still sent by old clients. */
    CONSUME_FROM_MAX_OFFSET
}
