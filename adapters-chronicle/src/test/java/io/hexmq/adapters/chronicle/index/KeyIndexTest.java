package io.hexmq.adapters.chronicle.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyIndexTest {

    @TempDir
    Path directory;

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
        KeyIndex index = KeyIndex.open(directory.resolve("keys"), 4);
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

    @Test
    void reopened_findsWhatItHeld_fromTheFileAlone() {
        KeyIndex index = KeyIndex.open(directory.resolve("keys"), 64);
        long a = add(index, "a", 1);
        long b = add(index, "b", 2);
        long next = index.next();
        index.force();

        KeyIndex reopened = KeyIndex.open(directory.resolve("keys"), 64);
        reopened.restore(next, b, 2);

        assertThat(reopened.reused()).isTrue();
        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "a"), 0, Long.MAX_VALUE, 10)).containsExactly(a);
        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "b"), 0, Long.MAX_VALUE, 10)).containsExactly(b);
        assertThat(reopened.lastOffset()).isEqualTo(b);
    }

    @Test
    void restore_dropsTheEntriesAfterTheCheckpoint_andKeepsTheChainsBeforeIt() {
        KeyIndex index = KeyIndex.open(directory.resolve("keys"), 64);
        long before = add(index, "k", 1);
        long checkpointed = index.next();
        add(index, "k", 2);
        add(index, "other", 2);

        KeyIndex reopened = KeyIndex.open(directory.resolve("keys"), 64);
        reopened.restore(checkpointed, before, 1);

        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10)).containsExactly(before);
        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "other"), 0, Long.MAX_VALUE, 10)).isEmpty();
        long again = add(reopened, "k", 3);
        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10))
                .containsExactly(again, before);
    }

    @Test
    void restore_afterTheRingWrappedPastTheCheckpoint_findsOnlyEntriesTheRingStillHolds() {
        KeyIndex index = KeyIndex.open(directory.resolve("keys"), 4);
        add(index, "k", 1);
        long kept = add(index, "k", 1);
        long checkpointed = index.next();
        for (int i = 0; i < 3; i++) {
            add(index, "k", 2);
        }

        KeyIndex reopened = KeyIndex.open(directory.resolve("keys"), 4);
        reopened.restore(checkpointed, kept, 1);

        // the last of the three later entries took the first entry's cell; the kept one's cell is intact
        assertThat(reopened.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10)).containsExactly(kept);
    }

    @Test
    void open_withAnotherCapacity_startsEmpty() {
        KeyIndex index = KeyIndex.open(directory.resolve("keys"), 64);
        add(index, "k", 1);

        KeyIndex other = KeyIndex.open(directory.resolve("keys"), 32);

        assertThat(other.reused()).isFalse();
        assertThat(other.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 10)).isEmpty();
    }
}
