package io.hexmq.adapters.file.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MessageIndexTest {

    private static final String TOPIC = "TopicTest";
    private static final long START = 1_700_000_000_000L;
    private static final int SLOTS = 8;
    private static final int ENTRIES = 10;

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(START);
    private final MessageEncoder encoder = new MessageEncoder(64 * 1024, HostAddress.of(new byte[] {10, 0, 0, 1}, 10911));
    private MessageIndex index;
    private long nextOffset;

    private MessageIndex open() {
        MessageIndex opened = new MessageIndex(root, SLOTS, ENTRIES, clock);
        opened.load();
        return opened;
    }

    /** Encodes a record with these keys, stamps it at the next offset and the clock, and indexes it. */
    private long add(String keys, String uniqueKey) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MessageProperties.KEYS, keys);
        properties.put(MessageProperties.UNIQ_KEY, uniqueKey);
        encoder.reset();
        encoder.encode(Message.builder(TOPIC, 0, new byte[] {1}).properties(MessageProperties.encode(properties)).build());
        ByteBuffer record = encoder.encoded();
        long offset = nextOffset;
        MessageLayout.stamp(record, 0, 0, offset, clock.millis());
        index.add(record, 0, offset, TOPIC);
        nextOffset += MessageLayout.totalSize(record, 0);
        return offset;
    }

    private List<Long> candidates(String key) {
        return index.candidates(IndexKeys.hash(TOPIC, key), 0, Long.MAX_VALUE, 100);
    }

    private long fileSize() {
        return IndexFileLayout.fileSize(SLOTS, ENTRIES + 1);
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> listing = Files.list(root)) {
            return listing.sorted().toList();
        }
    }

    @Test
    void layout_isAHeaderThenSlotsThenTwentyByteEntries() {
        assertThat(IndexFileLayout.HEADER_LENGTH).isEqualTo(40);
        assertThat(IndexFileLayout.entryAt(SLOTS, 1)).isEqualTo(40 + SLOTS * 4 + 20);
        assertThat(IndexFileLayout.fileSize(5_000_000, 20_000_001)).isEqualTo(420_000_060L);
        assertThat(IndexFileLayout.storedHash(0)).isNotZero();
        assertThat(IndexFileLayout.slotAt(SLOTS, Integer.MIN_VALUE)).isBetween(40, 40 + (SLOTS - 1) * 4);
    }

    @Test
    void aKeyHash_isTheStringHashOfTopicHashKey() {
        assertThat(IndexKeys.hash(TOPIC, "order-1")).isEqualTo((TOPIC + "#order-1").hashCode());
        assertThat(IndexKeys.hash(TOPIC, "clé")).isEqualTo((TOPIC + "#clé").hashCode());
    }

    @Test
    void entriesChainNewestFirst_andTheHeaderDescribesTheFirstAndLast() throws IOException {
        index = open();
        long first = add("a b", "U-1");
        clock.advanceMillis(2_500);
        long second = add("a", "U-2");

        assertThat(candidates("a")).containsExactly(second, first);
        assertThat(candidates("U-1")).containsExactly(first);
        assertThat(index.lastUpdateCommitLogOffset()).isEqualTo(second);
        assertThat(index.lastUpdateTimestamp()).isEqualTo(START + 2_500);
        index.flush();
        ByteBuffer header = ByteBuffer.wrap(Files.readAllBytes(files().get(0)), 0, IndexFileLayout.HEADER_LENGTH);
        assertThat(header.getLong(IndexFileLayout.BEGIN_TIMESTAMP_OFFSET)).isEqualTo(START);
        assertThat(header.getLong(IndexFileLayout.END_PHY_OFFSET_OFFSET)).isEqualTo(second);
        assertThat(header.getInt(IndexFileLayout.SLOT_COUNT_OFFSET)).isEqualTo(SLOTS);
        assertThat(header.getInt(IndexFileLayout.ENTRY_COUNT_OFFSET)).isEqualTo(1 + 5);
    }

    @Test
    void entriesOutsideTheTimeRange_toTheSecond_areNotCandidates() {
        index = open();
        long early = add("k", "U-1");
        clock.advanceMillis(5_000);
        long late = add("k", "U-2");

        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), START + 4_000, Long.MAX_VALUE, 10))
                .containsExactly(late);
        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), 0, START + 999, 10)).containsExactly(early);
        assertThat(index.candidates(IndexKeys.hash(TOPIC, "k"), 0, Long.MAX_VALUE, 1)).containsExactly(late);
    }

    @Test
    void aFullFileRolls_toANewFileNamedByItsCreationTime() throws IOException {
        index = open();
        for (int i = 0; i < 12; i++) {
            add("k", "U-" + i);
        }

        assertThat(index.fileCount()).isEqualTo(3);
        assertThat(files()).extracting(path -> path.getFileName().toString())
            .containsExactly(String.format("%020d", START), String.format("%020d", START + 1),
                String.format("%020d", START + 2));
        assertThat(files()).allSatisfy(path -> assertThat(Files.size(path)).isEqualTo(fileSize()));
        assertThat(candidates("k")).hasSize(12);
        assertThat(candidates("U-0")).containsExactly(0L);
    }

    @Test
    void aRestart_keepsTheEntries_andContinuesTheNewestFile() {
        index = open();
        long first = add("k", "U-1");

        index = open();
        index.trimFrom(nextOffset, offset -> -1);
        long second = add("k", "U-2");

        assertThat(candidates("k")).containsExactly(second, first);
        assertThat(index.fileCount()).isEqualTo(1);
    }

    @Test
    void trimFrom_dropsEntriesAtOrAfterTheOffset_acrossFiles_andRebuildsTheSlots() {
        index = open();
        long kept = 0;
        long cut = 0;
        for (int i = 0; i < 8; i++) {
            long offset = add("k x" + i, "U-" + i);
            if (i == 3) {
                kept = offset;
            }
            if (i == 4) {
                cut = offset;
            }
        }
        assertThat(index.fileCount()).isEqualTo(3);

        index = open();
        index.trimFrom(cut, offset -> START);

        assertThat(index.fileCount()).isEqualTo(2);
        assertThat(candidates("k")).hasSize(4).first().isEqualTo(kept);
        assertThat(candidates("x4")).isEmpty();
        assertThat(candidates("U-7")).isEmpty();
        assertThat(index.lastUpdateCommitLogOffset()).isEqualTo(kept);
        nextOffset = cut;
        long again = add("k", "U-again");
        assertThat(candidates("k")).hasSize(5).first().isEqualTo(again);
    }

    @Test
    void trimFrom_findsTheEntries_whenTheHeaderNeverReachedTheDisk() throws IOException {
        index = open();
        long first = add("k", "U-1");
        long second = add("k", "U-2");
        try (FileChannel channel = FileChannel.open(files().get(0), StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(IndexFileLayout.HEADER_LENGTH), 0);
        }

        index = open();
        index.trimFrom(second, offset -> START);

        assertThat(candidates("k")).containsExactly(first);
        assertThat(index.lastUpdateCommitLogOffset()).isEqualTo(first);
    }

    @Test
    void deleteBefore_removesOldFilesWhollyBelowTheLogStart_butNeverTheNewest() {
        index = open();
        for (int i = 0; i < 12; i++) {
            add("k", "U-" + i);
        }
        long firstOfThird = candidates("k").get(1);

        assertThat(index.deleteBefore(firstOfThird)).isEqualTo(2);
        assertThat(index.fileCount()).isEqualTo(1);
        assertThat(index.deleteBefore(Long.MAX_VALUE)).isZero();
        assertThat(candidates("k")).hasSize(2);
    }
}
