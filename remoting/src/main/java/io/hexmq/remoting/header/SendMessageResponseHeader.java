package io.hexmq.remoting.header;

import static io.hexmq.remoting.protocol.HeaderField.optionalBoolean;
import static io.hexmq.remoting.protocol.HeaderField.optionalInt;
import static io.hexmq.remoting.protocol.HeaderField.optionalLong;
import static io.hexmq.remoting.protocol.HeaderField.optionalString;

import io.hexmq.remoting.protocol.HeaderField;

/**
 * The answer to a send (and to a reply): the offset msgId (comma-joined for a batch), the queue and
 * offset it was stored at, the UNIQ_KEY as {@code transactionId}, for a timer message the
 * {@code recallHandle} that RECALL_MESSAGE takes ({@link RecallHandle}); and {@code MSG_REGION} and
 * {@code TRACE_ON}, which official clients read without a null check, so every answer carries them.
 */
public final class SendMessageResponseHeader {

    public static final HeaderField<String> MSG_ID = optionalString("msgId", null);
    public static final HeaderField<Integer> QUEUE_ID = optionalInt("queueId", -1);
    public static final HeaderField<Long> QUEUE_OFFSET = optionalLong("queueOffset", -1);
    public static final HeaderField<String> TRANSACTION_ID = optionalString("transactionId", null);
    public static final HeaderField<String> RECALL_HANDLE = optionalString("recallHandle", null);
    public static final HeaderField<String> MSG_REGION = optionalString("MSG_REGION", null);
    public static final HeaderField<Boolean> TRACE_ON = optionalBoolean("TRACE_ON", true);

    private SendMessageResponseHeader() {
    }
}
