package io.hexmq.client;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What the broker answered to a send.
 *
 * @param msgId       the message id users see: the {@code UNIQ_KEY} the producer gave the message
 *                    (for a batch, the ids of all its messages joined by {@code ,})
 * @param offsetMsgId the broker's id of the stored message: store host and commit-log offset (for a
 *                    batch, joined by {@code ,}); {@link Admin#viewMessage(String)} finds a message by it
 * @param queue       the queue the message went to
 * @param queueOffset the message's offset in that queue (a batch: its first message's)
 * @param status      how it was stored
 */
public record SendReceipt(String msgId, String offsetMsgId, MessageQueue queue, long queueOffset, SendStatus status) {

    public SendReceipt {
        Objects.requireNonNull(msgId, "msgId");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(status, "status");
    }

    /** The message ids, one per message (one for a single send). */
    public List<String> msgIds() {
        return Arrays.asList(msgId.split(","));
    }
}
