package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * PEEK_MESSAGE (200052) and POLLING_INFO (200055): a group's view of one queue of a topic ({@code queueId}
 * -1: every queue); a peek also says how many messages ({@link #MAX_MSG_NUMS}). A peek is answered with
 * {@link PopMessageResponseHeader}, a polling info with {@link #POLLING_NUM}.
 */
public final class PopQueueHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    /** PEEK_MESSAGE only. */
    public static final HeaderField<Integer> MAX_MSG_NUMS = requiredInt("maxMsgNums");
    /** POLLING_INFO's answer: how many POPs wait. */
    public static final HeaderField<Integer> POLLING_NUM = requiredInt("pollingNum");

    private PopQueueHeader() {
    }
}
