package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredBoolean;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * NOTIFICATION (200054): wait up to {@code pollTime} ms (from {@code bornTime}) until the group has a message
 * to pop in the queue ({@code queueId} -1: any); answered with {@link #HAS_MSG} and {@link #POLLING_FULL}.
 */
public final class NotificationHeader {

    public static final HeaderField<String> CONSUMER_GROUP = requiredString("consumerGroup");
    public static final HeaderField<String> TOPIC = requiredString("topic");
    public static final HeaderField<Integer> QUEUE_ID = requiredInt("queueId");
    public static final HeaderField<Long> POLL_TIME = requiredLong("pollTime");
    public static final HeaderField<Long> BORN_TIME = requiredLong("bornTime");
    public static final HeaderField<Boolean> ORDER = optionalBoolean("order", false);
    /** As {@link PopMessageHeader#ATTEMPT_ID}: RocketMQ counts no orderly queue this attempt holds as blocked. */
    public static final HeaderField<String> ATTEMPT_ID = optionalString("attemptId", null);
    /** The answer: whether there is a message to pop. */
    public static final HeaderField<Boolean> HAS_MSG = requiredBoolean("hasMsg");
    /** The answer: whether the broker refused to wait, having too many waiting already. */
    public static final HeaderField<Boolean> POLLING_FULL = optionalBoolean("pollingFull", false);

    private NotificationHeader() {
    }
}
