package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * QUERY_CONSUME_QUEUE (321, {@code mqadmin queryCq}): {@code count} entries of a topic-queue from logical
 * offset {@code index}, and the subscription of {@code consumerGroup} when one is named.
 */
public final class QueryConsumeQueueHeader {

    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Long> INDEX = requiredLong("index");
    public static final HeaderField<Integer> COUNT = requiredInt("count");
    public static final HeaderField<String> CONSUMER_GROUP = optionalString("consumerGroup", null);

    private QueryConsumeQueueHeader() {
    }
}
