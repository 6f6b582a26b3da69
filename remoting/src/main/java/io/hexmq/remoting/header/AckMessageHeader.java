package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * ACK_MESSAGE (200051), and with {@link #INVISIBLE_TIME} CHANGE_MESSAGE_INVISIBLETIME (200053): the popped
 * message at {@code offset} of {@code queueId} of {@code topic} (the topic it is stored in: the POP retry
 * topic for a redelivery), with the {@code extraInfo} its POP handed out ({@link PopExtraInfo}).
 */
public final class AckMessageHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<String> EXTRA_INFO = requiredString("extraInfo");
    public static final HeaderField<Long> OFFSET = requiredLong("offset");
    /** CHANGE_MESSAGE_INVISIBLETIME only: the new invisible time from now, ms. */
    public static final HeaderField<Long> INVISIBLE_TIME = requiredLong("invisibleTime");

    private AckMessageHeader() {
    }
}
