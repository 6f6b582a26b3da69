package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalString;
import static io.hexmq.remoting.protocol.HeaderField.requiredInt;
import static io.hexmq.remoting.protocol.HeaderField.requiredLong;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The answer to a POP, found or not (clients decode it either way, and require the first four): when the
 * messages were popped, how long they stay invisible, the revive queue ({@link PopExtraInfo#ORDERLY_REVIVE_QUEUE}
 * for an orderly POP), how many messages are left, and per queue where the POP started, which offsets it
 * handed out and (orderly) how often each was handed out before, in {@link PopExtraInfo}'s layouts.
 */
public final class PopMessageResponseHeader {

    public static final HeaderField<Long> POP_TIME = requiredLong("popTime");
    public static final HeaderField<Long> INVISIBLE_TIME = requiredLong("invisibleTime");
    public static final HeaderField<Integer> REVIVE_QID = requiredInt("reviveQid");
    public static final HeaderField<Long> REST_NUM = requiredLong("restNum");
    public static final HeaderField<String> START_OFFSET_INFO = optionalString("startOffsetInfo", null);
    public static final HeaderField<String> MSG_OFFSET_INFO = optionalString("msgOffsetInfo", null);
    public static final HeaderField<String> ORDER_COUNT_INFO = optionalString("orderCountInfo", null);

    private PopMessageResponseHeader() {
    }
}
