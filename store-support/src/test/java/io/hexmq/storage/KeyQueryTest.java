package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.QueryResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyQueryTest {

    private static final HostAddress STORE = HostAddress.of(new byte[] {10, 0, 0, 7}, 10911);
    private static final long ALL_TIME = Long.MAX_VALUE;

    /** Records by physical offset, and the candidates the index names, in the order it names them. */
    private final Map<Long, ByteBuffer> records = new HashMap<>();
    private final List<Long> candidates = new ArrayList<>();
    private final List<Integer> limits = new ArrayList<>();
    private final List<Integer> hashesAsked = new ArrayList<>();
    private long deletedBefore;

    private final KeyQuery query = new KeyQuery(new KeyQuery.Source() {
        @Override
        public List<Long> candidates(int entryHash, long begin, long end, int limit) {
            hashesAsked.add(entryHash);
            limits.add(limit);
            return candidates;
        }

        @Override
        public long deletedBefore(String topic) {
            return deletedBefore;
        }

        @Override
        public ByteBuffer record(long physicalOffset) {
            return records.get(physicalOffset);
        }

        @Override
        public long lastIndexedStoreTime() {
            return 4242;
        }

        @Override
        public long lastIndexedOffset() {
            return 77;
        }
    });

    /** Stores a record of {@code topic} with {@code keys} at {@code physicalOffset}, stored at {@code storedAt}. */
    private void store(long physicalOffset, String topic, String keys, long storedAt) {
        storeWithProperties(physicalOffset, topic, "KEYS\u0001" + keys + "\u0002", storedAt);
    }

    private void storeWithProperties(long physicalOffset, String topic, String properties, long storedAt) {
        MessageEncoder encoder = new MessageEncoder(4096, STORE);
        encoder.encode(Message.builder(topic, 0, new byte[4]).properties(properties).build());
        ByteBuffer encoded = encoder.encoded();
        MessageLayout.stamp(encoded, 0, 0, physicalOffset, storedAt);
        ByteBuffer record = ByteBuffer.allocate(encoder.encodedLength());
        record.put(encoded.duplicate().position(0).limit(encoder.encodedLength())).flip();
        records.put(physicalOffset, record);
    }

    private static List<Long> offsets(QueryResult result) {
        return result.messages().stream().map(record -> MessageLayout.physicalOffset(record, 0)).toList();
    }

    @Test
    void returnsTheConfirmedCandidates_newestFirst_withTheIndexsLastUpdate() {
        store(300, "T", "order-1", 30);
        store(200, "T", "order-2", 20);
        store(100, "T", "order-1 other", 10);
        candidates.addAll(List.of(300L, 200L, 100L));

        QueryResult result = query.find("T", IndexType.KEYS, "order-1", 10, 0, ALL_TIME);

        assertThat(offsets(result)).as("200 shares the hash only").containsExactly(300L, 100L);
        assertThat(result.indexLastUpdateTimestamp()).isEqualTo(4242);
        assertThat(result.indexLastUpdatePhyoffset()).isEqualTo(77);
    }

    @Test
    void asksTheIndexForSlackBeyondMaxNum_andStopsAtMaxNum() {
        store(300, "T", "k", 30);
        store(200, "T", "k", 20);
        candidates.addAll(List.of(300L, 200L));

        assertThat(offsets(query.find("T", IndexType.KEYS, "k", 1, 0, ALL_TIME))).containsExactly(300L);
        assertThat(limits).containsExactly(1 + KeyQuery.CANDIDATE_SLACK);
    }

    @Test
    void returnsEachRecordOnce_whenItRepeatsItsKey() {
        store(100, "T", "k k", 10);
        candidates.addAll(List.of(100L, 100L));

        assertThat(offsets(query.find("T", IndexType.KEYS, "k", 10, 0, ALL_TIME))).containsExactly(100L);
    }

    @Test
    void skipsRecordsOfAnotherTopic_outsideTheTimeRange_goneOrOfADeletedGeneration() {
        store(400, "Other", "k", 40);
        store(300, "T", "k", 99);
        store(200, "T", "k", 20);
        store(100, "T", "k", 10);
        candidates.addAll(List.of(500L, 400L, 300L, 200L, 100L));
        deletedBefore = 150;

        assertThat(offsets(query.find("T", IndexType.KEYS, "k", 10, 0, 50))).containsExactly(200L);
    }

    @Test
    void returnsNothing_forMaxNumZero() {
        store(100, "T", "k", 10);
        candidates.add(100L);

        assertThat(query.find("T", IndexType.KEYS, "k", 0, 0, ALL_TIME).messages()).isEmpty();
        assertThat(limits).as("the index is not walked").isEmpty();
    }

    @Test
    void looksTheTagEntryUp_forATagQuery_andKeepsOnlyRecordsOfThatTag() {
        storeWithProperties(300, "T", "TAGS\u0001TagA\u0002", 30);
        storeWithProperties(200, "T", "KEYS\u0001TagA\u0002", 20);
        candidates.addAll(List.of(300L, 200L));

        assertThat(offsets(query.find("T", IndexType.TAG, "TagA", 10, 0, ALL_TIME))).containsExactly(300L);
        assertThat(hashesAsked).containsExactly("T#T#TagA".hashCode());
    }
}
