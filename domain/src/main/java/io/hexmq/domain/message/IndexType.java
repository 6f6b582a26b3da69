package io.hexmq.domain.message;

/**
 * Which of a stored message's index entries a query looks in (RocketMQ 5.5's {@code indexType} of
 * QUERY_MESSAGE). The entries themselves are described by {@link IndexKeys}.
 */
public enum IndexType {

    /**
     * One of the space-separated KEYS (not the UNIQ_KEY, though it shares their entries' hash space): what
     * a query without {@code indexType} finds, as every client before 5.5 sends it.
     */
    KEYS,

    /** The UNIQ_KEY only (the msgId a client shows), never a KEYS value that happens to be equal. */
    UNIQUE_KEY,

    /** The message's tag (its TAGS property, whole). */
    TAG
}
