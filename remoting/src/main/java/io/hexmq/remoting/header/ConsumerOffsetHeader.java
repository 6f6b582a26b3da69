package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * A group's committed offset of one queue: QUERY_CONSUMER_OFFSET (14) asks for it, with
 * {@code setZeroIfNotFound} (5.x; absent means true); UPDATE_CONSUMER_OFFSET (15) commits
 * {@code commitOffset}. The answer to a query carries {@link OffsetResponseHeader#OFFSET}.
 */
public final class ConsumerOffsetHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Boolean> SET_ZERO_IF_NOT_FOUND = optionalBoolean("setZeroIfNotFound", true);
    public static final HeaderField<Long> COMMIT_OFFSET = requiredLong("commitOffset");

    private ConsumerOffsetHeader() {
    }
}
