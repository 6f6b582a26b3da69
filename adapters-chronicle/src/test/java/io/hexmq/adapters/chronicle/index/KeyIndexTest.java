package io.hexmq.adapters.chronicle.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyIndexTest {

    private static final String TOPIC = "TopicTest";

    private final MessageEncoder encoder = new MessageEncoder(64 * 1024, HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));
    private long nextOffset;

    private long add(KeyIndex index, String key, long storeTime) {
        encoder.reset();
        encoder.encode(Message.builder(TOPIC, 0, new byte[] {1})
            .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, key))).build());
        ByteBuffer record = encoder.encoded();
        long offset = nextOffset;
        MessageLayout.stamp(record, 0, 0, offset, storeTime);
        index.add(record, 0, offset, TOPIC);
        nextOffset += MessageLayout.totalSize(record, 0);
        return offset;
    }

    @Test
    void keepsOnlyTheNewestEntries_whenTheRingIsFull() {
        KeyIndex index = new KeyIndex(4);
        long first = add(index, "k", 1);
        for (int i = 0; i < 3; i++) {
            add(index, "k", 2);
        }
        long fifth = add(index, "k", 3);

        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10))
                .hasSize(4).first().isEqualTo(fifth);
        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10)).doesNotContain(first);
        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), 3, 3, 10)).containsExactly(fifth);
        assertThat(index.lastOffset()).isEqualTo(fifth);
        assertThat(index.lastStoreTime()).isEqualTo(3);
    }
}
