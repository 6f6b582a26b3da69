package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The answer to CHANGE_MESSAGE_INVISIBLETIME: the checkpoint the consumer holds now, which it builds its
 * next ack's extra info from (clients decode it whatever the code, and require all three).
 */
public final class ChangeInvisibleTimeResponseHeader {

    public static final HeaderField<Long> POP_TIME = requiredLong("popTime");
    public static final HeaderField<Long> INVISIBLE_TIME = requiredLong("invisibleTime");
    public static final HeaderField<Integer> REVIVE_QID = requiredInt("reviveQid");

    private ChangeInvisibleTimeResponseHeader() {
    }
}
