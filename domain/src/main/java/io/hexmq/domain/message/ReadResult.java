package io.hexmq.domain.message;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * What a read of a topic-queue found.
 *
 * @param status the outcome
 * @param nextBeginOffset where the reader continues (see the §2.3.9 table for each status)
 * @param minOffset the queue's smallest readable logical offset
 * @param maxOffset the queue's next logical offset to be written (= entries ever written)
 * @param messages the matched records in their stored encoding, as read-only views with position 0;
 *     the pull path sends them back to back, unchanged
 */
public record ReadResult(
    ReadStatus status,
    long nextBeginOffset,
    long minOffset,
    long maxOffset,
    List<ByteBuffer> messages) {

    public ReadResult {
        Objects.requireNonNull(status, "status");
        messages = List.copyOf(messages);
    }

    public static ReadResult empty(ReadStatus status, long nextBeginOffset, long minOffset, long maxOffset) {
        return new ReadResult(status, nextBeginOffset, minOffset, maxOffset, List.of());
    }

    /** Sum of the records' sizes: the length of a PULL response body. */
    public int totalBytes() {
        int total = 0;
        for (ByteBuffer message : messages) {
            total += message.remaining();
        }
        return total;
    }
}
