package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalInt;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;
import io.hexmq.remoting.protocol.HeaderSpelling;
import io.hexmq.remoting.protocol.RequestCode;

/**
 * The header of a send: SEND_MESSAGE (10) and SEND_REPLY_MESSAGE (324) in the full spelling,
 * SEND_MESSAGE_V2 (310), SEND_BATCH_MESSAGE (320) and SEND_REPLY_MESSAGE_V2 (325) in the compact one
 * ({@link #spellingOf}). PUSH_REPLY_MESSAGE_TO_CLIENT carries the same fields, fully spelt.
 *
 * <pre>
 * a producerGroup  b topic  c defaultTopic (TBW102)  d defaultTopicQueueNums  e queueId  f sysFlag
 * g bornTimestamp  h flag  i properties  j reconsumeTimes  k unitMode  l maxReconsumeTimes  m batch
 * </pre>
 */
public final class SendMessageHeader {

    public static final HeaderField<String> PRODUCER_GROUP = requiredString("producerGroup").compact("a");
    public static final HeaderField<String> TOPIC = requiredString("topic").compact("b");
    public static final HeaderField<String> DEFAULT_TOPIC = requiredString("defaultTopic").compact("c");
    public static final HeaderField<Integer> DEFAULT_TOPIC_QUEUE_NUMS = requiredInt("defaultTopicQueueNums").compact("d");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId").compact("e");
    public static final HeaderField<Integer> SYS_FLAG = requiredInt("sysFlag").compact("f");
    public static final HeaderField<Long> BORN_TIMESTAMP = requiredLong("bornTimestamp").compact("g");
    public static final HeaderField<Integer> FLAG = requiredInt("flag").compact("h");
    /** The message's properties in {@code MessageProperties} encoding; none reads as empty. */
    public static final HeaderField<String> PROPERTIES = optionalString("properties", "").compact("i");
    public static final HeaderField<Integer> RECONSUME_TIMES = optionalInt("reconsumeTimes", 0).compact("j");
    public static final HeaderField<Boolean> UNIT_MODE = optionalBoolean("unitMode", false).compact("k");
    /** Counts only when present and sent by a client of version V3_4_9 or later. */
    public static final HeaderField<Integer> MAX_RECONSUME_TIMES = optionalInt("maxReconsumeTimes", 0).compact("l");
    /** True on a batch sent under SEND_MESSAGE(_V2); SEND_BATCH_MESSAGE is a batch whatever it says. */
    public static final HeaderField<Boolean> BATCH = optionalBoolean("batch", false).compact("m");

    private SendMessageHeader() {
    }

    /** The spelling {@code requestCode}'s header uses. */
    public static HeaderSpelling spellingOf(int requestCode) {
        return requestCode == RequestCode.SEND_MESSAGE || requestCode == RequestCode.SEND_REPLY_MESSAGE
                ? HeaderSpelling.FULL : HeaderSpelling.COMPACT;
    }
}
