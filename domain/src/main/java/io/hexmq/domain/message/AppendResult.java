package io.hexmq.domain.message;

import java.util.List;
import java.util.Objects;

/**
 * What an append did. For a batch, {@code queueOffset} and {@code commitLogOffset} belong to the first
 * message and {@code msgIds} holds one offset message id per message, in order.
 *
 * @param status the outcome
 * @param reason why a rejected append was rejected; "" when stored
 * @param queueOffset logical offset in the topic-queue (first message of a batch); -1 when not stored
 * @param commitLogOffset physical offset of the (first) record; -1 when not stored
 * @param wroteBytes bytes appended to the commit log
 * @param msgIds offset message ids (protocol.md §3.5), empty when not stored
 * @param storeTimestamp the store time written into the record(s); 0 when not stored
 */
public record AppendResult(
    AppendStatus status,
    String reason,
    long queueOffset,
    long commitLogOffset,
    int wroteBytes,
    List<String> msgIds,
    long storeTimestamp) {

    public AppendResult {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        msgIds = List.copyOf(msgIds);
    }

    public static AppendResult rejected(AppendStatus status, String reason) {
        if (status.isStored()) {
            throw new IllegalArgumentException(status + " is not a rejection");
        }
        return new AppendResult(status, reason, -1, -1, 0, List.of(), 0);
    }

    public boolean isOk() {
        return status == AppendStatus.PUT_OK;
    }

    /** The first (or only) message id; "" when nothing was stored. */
    public String msgId() {
        return msgIds.isEmpty() ? "" : msgIds.get(0);
    }

    /** Number of messages stored. */
    public int messageCount() {
        return msgIds.size();
    }
}
