package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class OffsetQueriesTest {

    /** A queue holding offsets {@code [min, min + times.length)}, stored at {@code times} (-1: gone). */
    private record Queue(long min, long[] times) implements QueueRange {

        @Override
        public long minOffset() {
            return min;
        }

        @Override
        public long maxOffset() {
            return min + times.length;
        }
    }

    private static OffsetQueries<Queue> over(Map<String, Queue> byTopic) {
        return new OffsetQueries<>(new OffsetQueries.Queues<>() {
            @Override
            public Queue find(String topic, int queueId) {
                return queueId == 0 ? byTopic.get(topic) : null;
            }

            @Override
            public long storeTimeAt(Queue queue, long queueOffset) {
                return queue.times()[(int) (queueOffset - queue.min())];
            }
        });
    }

    private final OffsetQueries<Queue> queries = over(Map.of(
        "T", new Queue(10, new long[] {100, 200, 200, 300, 400}),
        "Expired", new Queue(3, new long[] {-1, 500}),
        "Empty", new Queue(7, new long[0])));

    @Test
    void answersTheQueuesBounds() {
        assertThat(queries.minOffset("T", 0)).isEqualTo(10);
        assertThat(queries.maxOffset("T", 0)).isEqualTo(15);
    }

    @Test
    void answersZeroAndNoTime_forAQueueTheStoreDoesNotHave() {
        assertThat(queries.minOffset("T", 1)).isZero();
        assertThat(queries.maxOffset("Unknown", 0)).isZero();
        assertThat(queries.offsetByTime("Unknown", 0, 100)).isZero();
        assertThat(queries.earliestStoreTime("T", 1)).isEmpty();
    }

    @Test
    void offsetByTime_findsTheFirstMessageStoredAtOrAfterTheTime() {
        assertThat(queries.offsetByTime("T", 0, 200)).isEqualTo(11);
        assertThat(queries.offsetByTime("T", 0, 250)).isEqualTo(13);
        assertThat(queries.offsetByTime("T", 0, 50)).isEqualTo(10);
        assertThat(queries.offsetByTime("T", 0, 401)).as("after the newest: the max offset").isEqualTo(15);
    }

    @Test
    void earliestStoreTime_isTheMinimumOffsetsTime_unlessThatMessageIsGone() {
        assertThat(queries.earliestStoreTime("T", 0)).isEqualTo(OptionalLong.of(100));
        assertThat(queries.earliestStoreTime("Expired", 0)).isEmpty();
        assertThat(queries.earliestStoreTime("Empty", 0)).isEmpty();
    }
}
