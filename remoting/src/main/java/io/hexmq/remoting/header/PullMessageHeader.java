package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalLong;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * PULL_MESSAGE (11): which queue, from which offset, how many, and how ({@code sysFlag}, the bits of
 * {@code io.hexmq.domain.message.PullSysFlag}). {@code subscription} counts only with the SUBSCRIPTION
 * bit; an absent {@code expressionType} means TAG.
 */
public final class PullMessageHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Long> QUEUE_OFFSET = requiredLong("queueOffset");
    public static final HeaderField<Integer> MAX_MSG_NUMS = requiredInt("maxMsgNums");
    public static final HeaderField<Integer> SYS_FLAG = requiredInt("sysFlag");
    public static final HeaderField<Long> COMMIT_OFFSET = optionalLong("commitOffset", 0);
    public static final HeaderField<Long> SUSPEND_TIMEOUT_MILLIS = optionalLong("suspendTimeoutMillis", 0);
    public static final HeaderField<String> SUBSCRIPTION = optionalString("subscription", null);
    public static final HeaderField<Long> SUB_VERSION = optionalLong("subVersion", 0);
    public static final HeaderField<String> EXPRESSION_TYPE = optionalString("expressionType", null);

    private PullMessageHeader() {
    }
}
