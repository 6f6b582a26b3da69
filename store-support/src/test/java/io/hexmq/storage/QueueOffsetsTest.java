package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

class QueueOffsetsTest {

    /** Offsets 10..14 stored at 100, 200, 200, 300, 400. */
    private static final long[] TIMES = {100, 200, 200, 300, 400};
    private static final LongUnaryOperator STORE_TIME = offset -> TIMES[(int) offset - 10];

    @Test
    void outOfRange_followsTheStoreStatusTable() {
        assertThat(QueueOffsets.noSuchQueue()).isEqualTo(ReadResult.empty(ReadStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0));
        assertThat(QueueOffsets.outOfRange(5, 0, 0)).isEqualTo(ReadResult.empty(ReadStatus.NO_MESSAGE_IN_QUEUE, 0, 0, 0));
        assertThat(QueueOffsets.outOfRange(3, 10, 15)).isEqualTo(ReadResult.empty(ReadStatus.OFFSET_TOO_SMALL, 10, 10, 15));
        assertThat(QueueOffsets.outOfRange(15, 10, 15))
            .isEqualTo(ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_ONE, 15, 10, 15));
        assertThat(QueueOffsets.outOfRange(99, 10, 15))
            .isEqualTo(ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_BADLY, 15, 10, 15));
    }

    @Test
    void outOfRange_isNull_forAnOffsetInsideTheQueue() {
        assertThat(QueueOffsets.outOfRange(10, 10, 15)).isNull();
        assertThat(QueueOffsets.outOfRange(14, 10, 15)).isNull();
    }

    @Test
    void firstStoredAtOrAfter_findsTheFirstOffsetNotOlderThanTheTime() {
        assertThat(QueueOffsets.firstStoredAtOrAfter(10, 15, 50, STORE_TIME)).isEqualTo(10);
        assertThat(QueueOffsets.firstStoredAtOrAfter(10, 15, 200, STORE_TIME)).isEqualTo(11);
        assertThat(QueueOffsets.firstStoredAtOrAfter(10, 15, 250, STORE_TIME)).isEqualTo(13);
        assertThat(QueueOffsets.firstStoredAtOrAfter(10, 15, 400, STORE_TIME)).isEqualTo(14);
        assertThat(QueueOffsets.firstStoredAtOrAfter(10, 15, 401, STORE_TIME)).as("none: the end").isEqualTo(15);
        assertThat(QueueOffsets.firstStoredAtOrAfter(7, 7, 1, STORE_TIME)).as("empty queue").isEqualTo(7);
    }

    @Test
    void earliestStoreTime_isTheFirstMessagesTime_unlessEmptyOrGone() {
        assertThat(QueueOffsets.earliestStoreTime(10, 15, STORE_TIME)).isEqualTo(OptionalLong.of(100));
        assertThat(QueueOffsets.earliestStoreTime(15, 15, STORE_TIME)).isEmpty();
        assertThat(QueueOffsets.earliestStoreTime(10, 15, offset -> -1)).isEmpty();
    }
}
