package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * Looking stored messages up: VIEW_MESSAGE_BY_ID (33) by commit-log {@code offset}; QUERY_MESSAGE (12)
 * by {@code key} within a time range, where {@code _UNIQUE_KEY_QUERY} "true" looks the UNIQ_KEY up and
 * anything else the KEYS.
 */
public final class MessageLookupHeader {

    public static final HeaderField<Long> OFFSET = requiredLong("offset");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> KEY = requiredString("key");
    public static final HeaderField<Integer> MAX_NUM = requiredInt("maxNum");
    public static final HeaderField<Long> BEGIN_TIMESTAMP = requiredLong("beginTimestamp");
    public static final HeaderField<Long> END_TIMESTAMP = requiredLong("endTimestamp");
    public static final HeaderField<String> UNIQUE_KEY_QUERY = optionalString("_UNIQUE_KEY_QUERY", "false");

    private MessageLookupHeader() {
    }
}
