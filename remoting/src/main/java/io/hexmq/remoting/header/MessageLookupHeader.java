package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * Looking stored messages up: VIEW_MESSAGE_BY_ID (33) by commit-log {@code offset}; QUERY_MESSAGE (12)
 * by {@code key} within a time range, in the index RocketMQ 5.5's {@code indexType} names
 * ({@value #INDEX_TYPE_KEYS} the KEYS, {@value #INDEX_TYPE_UNIQUE_KEY} the UNIQ_KEY,
 * {@value #INDEX_TYPE_TAG} the tag; absent or empty means KEYS, as every older client sends it), where
 * {@code _UNIQUE_KEY_QUERY} "true" means the UNIQ_KEY whatever {@code indexType} says.
 *
 * <p>5.5's {@code lastKey} is a page cursor only its RocksDB index reads; its index files, like hexmq's
 * index, ignore it, so it is not defined here.
 */
public final class MessageLookupHeader {

    public static final HeaderField<Long> OFFSET = requiredLong("offset");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> KEY = requiredString("key");
    public static final HeaderField<Integer> MAX_NUM = requiredInt("maxNum");
    public static final HeaderField<Long> BEGIN_TIMESTAMP = requiredLong("beginTimestamp");
    public static final HeaderField<Long> END_TIMESTAMP = requiredLong("endTimestamp");
    public static final HeaderField<String> UNIQUE_KEY_QUERY = optionalString("_UNIQUE_KEY_QUERY", "false");
    public static final HeaderField<String> INDEX_TYPE = optionalString("indexType", "");

    /** {@link #INDEX_TYPE} values, RocketMQ's {@code MessageConst.INDEX_*_TYPE}. */
    public static final String INDEX_TYPE_KEYS = "K";
    public static final String INDEX_TYPE_UNIQUE_KEY = "U";
    public static final String INDEX_TYPE_TAG = "T";

    private MessageLookupHeader() {
    }
}
