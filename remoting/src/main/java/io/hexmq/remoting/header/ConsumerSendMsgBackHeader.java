package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalInt;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * CONSUMER_SEND_MSG_BACK (36): the commit-log {@code offset} of a message the {@code group} failed to
 * consume, and the {@code delayLevel} to retry it at (0: the broker chooses). {@code maxReconsumeTimes}
 * counts only when present and sent by a client of version V3_4_9 or later.
 */
public final class ConsumerSendMsgBackHeader {

    public static final HeaderField<Long> OFFSET = requiredLong("offset");
    public static final HeaderField<String> GROUP = requiredString("group");
    public static final HeaderField<Integer> DELAY_LEVEL = requiredInt("delayLevel");
    public static final HeaderField<String> ORIGIN_MSG_ID = optionalString("originMsgId", null);
    public static final HeaderField<String> ORIGIN_TOPIC = optionalString("originTopic", null);
    public static final HeaderField<Boolean> UNIT_MODE = optionalBoolean("unitMode", false);
    public static final HeaderField<Integer> MAX_RECONSUME_TIMES = optionalInt("maxReconsumeTimes", 0);

    private ConsumerSendMsgBackHeader() {
    }
}
