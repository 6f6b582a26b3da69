package io.hexmq.client.internal.consumer;

import io.hexmq.client.ReceivedMessage;
import java.util.List;

/**
 * A PULL_MESSAGE answer the consumers act on (protocol.md §2.3.9).
 *
 * @param status          what the broker found
 * @param nextBeginOffset where the next pull of the queue starts
 * @param minOffset       the queue's first offset
 * @param maxOffset       the queue's next offset to be written
 * @param messages        the decoded messages (FOUND only), before any client-side tag filter
 */
public record PullResult(Status status, long nextBeginOffset, long minOffset, long maxOffset,
                  List<ReceivedMessage> messages) {

    public enum Status {
        /** Code 0: messages. */
        FOUND,
        /** Code 19: nothing new (after the long poll). */
        NO_NEW_MESSAGE,
        /** Code 20: entries scanned, none matched the filter. */
        NO_MATCHED_MESSAGE,
        /** Code 21: the offset asked for is not in the queue; continue at {@code nextBeginOffset}. */
        OFFSET_ILLEGAL
    }

    public PullResult {
        messages = List.copyOf(messages);
    }
}
