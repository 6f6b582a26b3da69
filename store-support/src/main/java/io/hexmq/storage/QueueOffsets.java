package io.hexmq.storage;

import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;

/**
 * The store-status rules of protocol.md §2.3.9 that depend only on a topic-queue's logical offsets, and
 * the searches by store time, shared by every {@link io.hexmq.domain.message.port.MessageStore} adapter.
 * A queue holds the logical offsets {@code [min, max)}; {@code max} is the next offset to be written.
 */
public final class QueueOffsets {

    private static final ReadResult NO_SUCH_QUEUE = ReadResult.empty(ReadStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0);

    private QueueOffsets() {
    }

    /** A read of a topic-queue the store does not have. */
    public static ReadResult noSuchQueue() {
        return NO_SUCH_QUEUE;
    }

    /**
     * The empty result of a read at {@code offset} that no entry can answer (never written, below the
     * minimum, at or beyond the end), or null when {@code offset} is inside {@code [min, max)} and the
     * entries must be scanned.
     */
    public static ReadResult outOfRange(long offset, long min, long max) {
        if (max == 0) {
            return ReadResult.empty(ReadStatus.NO_MESSAGE_IN_QUEUE, 0, min, max);
        }
        if (offset < min) {
            return ReadResult.empty(ReadStatus.OFFSET_TOO_SMALL, min, min, max);
        }
        if (offset == max) {
            return ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_ONE, offset, min, max);
        }
        if (offset > max) {
            return ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_BADLY, max, min, max);
        }
        return null;
    }

    /**
     * The first offset in {@code [min, max)} whose message was stored at or after {@code timestampMillis},
     * or {@code max} when there is none; a binary search, so store times must not decrease along the
     * queue. {@code storeTimeAt} gives an offset's store time, -1 for a message that is gone (it sorts as
     * oldest).
     */
    public static long firstStoredAtOrAfter(long min, long max, long timestampMillis, LongUnaryOperator storeTimeAt) {
        long low = min;
        long high = max;
        while (low < high) {
            long middle = (low + high) >>> 1;
            if (storeTimeAt.applyAsLong(middle) < timestampMillis) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** Store time of the message at {@code min}; empty when the queue is empty or that message is gone (-1). */
    public static OptionalLong earliestStoreTime(long min, long max, LongUnaryOperator storeTimeAt) {
        if (min >= max) {
            return OptionalLong.empty();
        }
        long time = storeTimeAt.applyAsLong(min);
        return time < 0 ? OptionalLong.empty() : OptionalLong.of(time);
    }
}
