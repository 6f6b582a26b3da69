package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * RECALL_MESSAGE (370, RocketMQ 5.5): a producer takes back a timer message before it is due, naming its
 * topic and the {@code recallHandle} its send was answered with ({@link RecallHandle}); the answer names the
 * recalled message's id ({@code msgId}, its UNIQ_KEY).
 */
public final class RecallMessageHeader {

    public static final HeaderField<String> PRODUCER_GROUP = optionalString("producerGroup", null);
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<String> RECALL_HANDLE = requiredString("recallHandle");
    /** In the answer. */
    public static final HeaderField<String> MSG_ID = optionalString("msgId", null);

    private RecallMessageHeader() {
    }
}
