package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalInt;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * UPDATE_AND_CREATE_TOPIC (17): the topic's queue counts, permission bits, filter type
 * ({@code SINGLE_TAG} or {@code MULTI_TAG}), system flag, order flag, and 5.x {@code attributes}
 * ({@code +key=value} and {@code -key} entries, comma-separated). UPDATE_AND_CREATE_STATIC_TOPIC (513)
 * sends the same header with a queue mapping as its body.
 */
public final class CreateTopicHeader {

    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> DEFAULT_TOPIC = optionalString("defaultTopic", null);
    public static final HeaderField<Integer> READ_QUEUE_NUMS = requiredInt("readQueueNums");
    public static final HeaderField<Integer> WRITE_QUEUE_NUMS = requiredInt("writeQueueNums");
    public static final HeaderField<Integer> PERM = requiredInt("perm");
    public static final HeaderField<String> TOPIC_FILTER_TYPE = optionalString("topicFilterType", "SINGLE_TAG");
    public static final HeaderField<Integer> TOPIC_SYS_FLAG = optionalInt("topicSysFlag", 0);
    public static final HeaderField<Boolean> ORDER = optionalBoolean("order", false);
    public static final HeaderField<String> ATTRIBUTES = optionalString("attributes", "");

    private CreateTopicHeader() {
    }
}
