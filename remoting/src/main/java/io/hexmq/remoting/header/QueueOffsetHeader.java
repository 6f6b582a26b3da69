package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * A question about one queue's offsets: GET_MAX_OFFSET (30), GET_MIN_OFFSET (31),
 * GET_EARLIEST_MSG_STORETIME (32) and SEARCH_OFFSET_BY_TIMESTAMP (29), which alone carries
 * {@code timestamp}. The answers carry {@link OffsetResponseHeader}'s fields.
 */
public final class QueueOffsetHeader {

    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Long> TIMESTAMP = requiredLong("timestamp");

    private QueueOffsetHeader() {
    }
}
