package io.hexmq.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexKeysTest {

    private static final String TOPIC = "TopicTest";

    private final MessageEncoder encoder = new MessageEncoder(64 * 1024, HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));

    /** A record with these properties (name, value, name, value...), in this order. */
    private ByteBuffer record(String... namesAndValues) {
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            properties.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        encoder.reset();
        encoder.encode(Message.builder(TOPIC, 0, new byte[] {1}).properties(MessageProperties.encode(properties)).build());
        return encoder.encoded();
    }

    private static List<Integer> keyHashes(ByteBuffer record) {
        IndexKeys.Hashes out = new IndexKeys.Hashes();
        IndexKeys.keyHashes(record, 0, TOPIC.hashCode(), out);
        List<Integer> hashes = new ArrayList<>();
        for (int i = 0; i < out.count(); i++) {
            hashes.add(out.get(i));
        }
        return hashes;
    }

    @Test
    void anEntryHash_isTheStringHashOfItsText_topicHashKey_orTopicHashTHashTag() {
        assertThat(IndexKeys.hash(TOPIC, IndexType.KEYS, "order-1")).isEqualTo((TOPIC + "#order-1").hashCode());
        assertThat(IndexKeys.hash(TOPIC, IndexType.UNIQUE_KEY, "U-1")).isEqualTo((TOPIC + "#U-1").hashCode());
        assertThat(IndexKeys.hash(TOPIC, IndexType.TAG, "TagA")).isEqualTo((TOPIC + "#T#TagA").hashCode());
        assertThat(IndexKeys.hash(TOPIC, IndexType.TAG, "étiquette")).isEqualTo((TOPIC + "#T#étiquette").hashCode());
    }

    @Test
    void aRecordIsIndexedByItsUniqueKey_eachOfItsKeys_andItsTag() {
        ByteBuffer record = record(MessageProperties.TAGS, "TagA", MessageProperties.KEYS, "order-1 customer-7",
                MessageProperties.UNIQ_KEY, "U-1");

        assertThat(keyHashes(record)).containsExactlyInAnyOrder(
                IndexKeys.hash(TOPIC, IndexType.TAG, "TagA"),
                IndexKeys.hash(TOPIC, IndexType.KEYS, "order-1"),
                IndexKeys.hash(TOPIC, IndexType.KEYS, "customer-7"),
                IndexKeys.hash(TOPIC, IndexType.UNIQUE_KEY, "U-1"));
    }

    @Test
    void aTagIsOneEntry_whole_asRocketMQIndexesIt() {
        ByteBuffer record = record(MessageProperties.TAGS, "Tag A");

        assertThat(keyHashes(record)).containsExactly(IndexKeys.hash(TOPIC, IndexType.TAG, "Tag A"));
    }

    @Test
    void aNonAsciiTag_isHashedAsItsDecodedText() {
        ByteBuffer record = record(MessageProperties.TAGS, "étiquette");

        assertThat(keyHashes(record)).containsExactly((TOPIC + "#T#étiquette").hashCode());
    }

    @Test
    void anEmptyTag_orNone_addsNoEntry() {
        assertThat(keyHashes(record(MessageProperties.TAGS, "", MessageProperties.KEYS, "k")))
                .containsExactly(IndexKeys.hash(TOPIC, IndexType.KEYS, "k"));
        assertThat(keyHashes(record(MessageProperties.KEYS, "k"))).hasSize(1);
    }

    @Test
    void aPropertyWhoseNameOnlyStartsWithTags_isNoTag() {
        assertThat(keyHashes(record("TAGSX", "TagA"))).isEmpty();
    }

    @Test
    void matches_keepsToTheIndexOfTheQuery() {
        ByteBuffer record = record(MessageProperties.TAGS, "TagA", MessageProperties.KEYS, "order-1",
                MessageProperties.UNIQ_KEY, "U-1");

        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.KEYS, "order-1")).isTrue();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.KEYS, "U-1")).isFalse();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.KEYS, "TagA")).isFalse();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.UNIQUE_KEY, "U-1")).isTrue();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.UNIQUE_KEY, "order-1")).isFalse();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.TAG, "TagA")).isTrue();
        assertThat(IndexKeys.matches(record, 0, TOPIC, IndexType.TAG, "order-1")).isFalse();
        assertThat(IndexKeys.matches(record, 0, "OtherTopic", IndexType.TAG, "TagA")).isFalse();
    }
}
