package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredLong;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The answer to an offset question: {@code offset} (QUERY_CONSUMER_OFFSET, GET_MAX_OFFSET,
 * GET_MIN_OFFSET, SEARCH_OFFSET_BY_TIMESTAMP) or {@code timestamp} (GET_EARLIEST_MSG_STORETIME).
 */
public final class OffsetResponseHeader {

    public static final HeaderField<Long> OFFSET = requiredLong("offset");
    public static final HeaderField<Long> TIMESTAMP = requiredLong("timestamp");

    private OffsetResponseHeader() {
    }
}
