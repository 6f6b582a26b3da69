package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalLong;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The answer to a pull that found the queue: where to pull next, the queue's bounds, and which broker
 * of the group to pull from next time (0, the master: hexmq does not redirect pulls).
 */
public final class PullMessageResponseHeader {

    public static final HeaderField<Long> SUGGEST_WHICH_BROKER_ID = optionalLong("suggestWhichBrokerId", 0);
    public static final HeaderField<Long> NEXT_BEGIN_OFFSET = requiredLong("nextBeginOffset");
    public static final HeaderField<Long> MIN_OFFSET = optionalLong("minOffset", 0);
    public static final HeaderField<Long> MAX_OFFSET = optionalLong("maxOffset", 0);

    private PullMessageResponseHeader() {
    }
}
