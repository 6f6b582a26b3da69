package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * POP_MESSAGE (200050): pop up to {@code maxMsgNums} messages of one queue ({@code queueId} -1: any
 * queue) and keep them invisible to the group for {@code invisibleTime} ms; wait up to {@code pollTime} ms
 * (from {@code bornTime}, the client's clock) when there is none. {@code initMode} 0 starts a new group at
 * a queue's start, 1 at its end; {@code expType}/{@code exp} filter (absent: everything); {@code order}
 * pops in order.
 */
public final class PopMessageHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Integer> MAX_MSG_NUMS = requiredInt("maxMsgNums");
    public static final HeaderField<Long> INVISIBLE_TIME = requiredLong("invisibleTime");
    public static final HeaderField<Long> POLL_TIME = requiredLong("pollTime");
    public static final HeaderField<Long> BORN_TIME = requiredLong("bornTime");
    public static final HeaderField<Integer> INIT_MODE = requiredInt("initMode");
    public static final HeaderField<String> EXP_TYPE = optionalString("expType", null);
    public static final HeaderField<String> EXP = optionalString("exp", null);
    public static final HeaderField<Boolean> ORDER = optionalBoolean("order", false);
    /**
     * The proxy's id for one receive, the same when the 5.x client retries that receive. RocketMQ's broker reads it
     * only for an orderly POP: a queue whose messages a POP of the same attempt holds invisible is not blocked for
     * it, so the retry gets those messages again, their consumed counts not raised (ConsumerOrderInfoManager). A
     * plain POP ignores it. hexmq does the same (PopMessages, PopCheckpoints#blocksOrderly).
     */
    public static final HeaderField<String> ATTEMPT_ID = optionalString("attemptId", null);

    private PopMessageHeader() {
    }
}
