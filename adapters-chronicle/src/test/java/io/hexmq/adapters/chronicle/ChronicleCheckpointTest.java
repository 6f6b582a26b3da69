package io.hexmq.adapters.chronicle;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StoredMessage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start reads only the log after the indexes' checkpoint, counted through
 * {@link ChronicleMessageStore#scannedAtStart()}, and whatever a crash left (indexes ahead of the
 * checkpoint, a log shorter than the indexes, cycles retention deleted after it) the store then holds
 * exactly what the log holds. Checkpoints here come only when a test asks, or at shutdown.
 */
class ChronicleCheckpointTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long DAY = 24 * 3_600_000L;
    private static final String TOPIC = "TopicTest";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private ChronicleMessageStore store;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.shutdown();
        }
    }

    private ChronicleMessageStore open() {
        ChronicleMessageStore opened = TestStores.store(TestStores.settings(root).withFileReservedTime(24)
            .withFlushIntervalConsumeQueue(TestStores.NO_PERIODIC_CHECKPOINT), STORE_HOST, clock);
        opened.start();
        return opened;
    }

    /** Stops like kill -9 after the log reached the disk: no last checkpoint. */
    private void crash() {
        store.flush();
        store.abandon();
        store = null;
    }

    private static Message keyed(int queueId, String body) {
        return Message.builder(TOPIC, queueId, body.getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, body))).build();
    }

    private void append(int count, String prefix) {
        for (int i = 0; i < count; i++) {
            assertThat(store.append(keyed(i % 2, prefix + i)).isOk()).isTrue();
        }
    }

    private List<String> bodies(int queueId) {
        List<String> bodies = new ArrayList<>();
        store.read(TOPIC, queueId, store.minOffset(TOPIC, queueId), 64, MessageFilter.ALL).messages()
            .forEach(record -> bodies.add(body(record)));
        return bodies;
    }

    private static String body(ByteBuffer record) {
        return new String(StoredMessage.decode(record.duplicate()).body(), StandardCharsets.UTF_8);
    }

    private List<String> byKey(String key) {
        List<String> bodies = new ArrayList<>();
        store.queryByKey(TOPIC, IndexType.KEYS, key, 32, 0, Long.MAX_VALUE).messages()
            .forEach(record -> bodies.add(body(record)));
        return bodies;
    }

    @Test
    void restartAfterACleanStop_scansNoRecord_andFindsEverything() {
        store = open();
        append(6, "m");
        store.appendBatch(List.of(keyed(0, "b0"), keyed(0, "b1")));
        AppendResult last = store.append(keyed(1, "last"));
        long end = store.commitLogMaxOffset();
        store.shutdown();

        store = open();

        assertThat(store.scannedAtStart()).isZero();
        assertThat(bodies(0)).containsExactly("m0", "m2", "m4", "b0", "b1");
        assertThat(bodies(1)).containsExactly("m1", "m3", "m5", "last");
        assertThat(store.lookup(last.commitLogOffset())).isPresent();
        assertThat(byKey("m2")).containsExactly("m2");
        assertThat(byKey("b1")).containsExactly("b1");
        assertThat(store.commitLogMaxOffset()).isEqualTo(end);
        AppendResult next = store.append(keyed(0, "next"));
        assertThat(next.queueOffset()).isEqualTo(5);
        assertThat(next.commitLogOffset()).isEqualTo(end);
    }

    @Test
    void restartAfterACrash_scansOnlyTheRecordsAfterTheCheckpoint() {
        store = open();
        append(10, "before");
        store.checkpoint();
        append(4, "after");
        crash();

        store = open();

        assertThat(store.scannedAtStart()).isEqualTo(4);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(7);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(7);
        assertThat(bodies(0)).endsWith("before8", "after0", "after2");
        assertThat(byKey("before3")).containsExactly("before3");
        assertThat(byKey("after3")).containsExactly("after3");
        assertThat(store.append(keyed(0, "next")).queueOffset()).isEqualTo(7);
    }

    /**
     * Four records the log keeps and six it loses, as a machine that lied about a flush would: the log is
     * put back as it was after the four, the indexes stay as the six left them, and the checkpoint as the
     * stop after the six left it ({@code checkpointed}) or as it stood before them.
     */
    private void keptThenLost(boolean checkpointed) throws IOException {
        store = open();
        append(4, "kept");
        store.shutdown();
        Path copy = copyOfTheLog();
        store = open();
        append(6, "lost");
        if (checkpointed) {
            store.shutdown();
            store = null;
        } else {
            crash();
        }
        restoreTheLog(copy);
    }

    @Test
    void crash_withIndexesAheadOfTheLog_cutsThemBackToWhatTheLogHolds() throws IOException {
        keptThenLost(false);

        store = open();

        assertThat(store.scannedAtStart()).isZero();
        assertThat(bodies(0)).containsExactly("kept0", "kept2");
        assertThat(byKey("lost1")).isEmpty();
        assertThat(byKey("kept1")).containsExactly("kept1");
        AppendResult next = store.append(keyed(0, "next"));
        assertThat(next.queueOffset()).isEqualTo(2);
        assertThat(bodies(0)).containsExactly("kept0", "kept2", "next");
        assertThat(byKey("next")).containsExactly("next");
    }

    @Test
    void checkpointAheadOfTheLog_isNotTrusted_andTheWholeLogIsScanned() throws IOException {
        keptThenLost(true);

        store = open();

        assertThat(store.scannedAtStart()).isEqualTo(4);
        assertThat(bodies(1)).containsExactly("kept1", "kept3");
        assertThat(byKey("lost4")).isEmpty();
        assertThat(store.append(keyed(1, "next")).queueOffset()).isEqualTo(2);
    }

    @Test
    void aStoreWithoutACheckpoint_isScannedWhole_andCheckpointedAtItsStop() throws IOException {
        store = open();
        append(5, "m");
        store.shutdown();
        Files.delete(root.resolve("checkpoint"));

        store = open();
        assertThat(store.scannedAtStart()).isEqualTo(5);
        assertThat(bodies(0)).containsExactly("m0", "m2", "m4");
        store.shutdown();

        store = open();
        assertThat(store.scannedAtStart()).isZero();
        assertThat(byKey("m3")).containsExactly("m3");
    }

    @Test
    void aConsumeQueueSegmentLostSinceTheCheckpoint_makesTheStartRebuildFromTheWholeLog() throws IOException {
        store = open();
        append(6, "m");
        store.shutdown();
        Files.delete(root.resolve("consumequeue").resolve(TOPIC).resolve("1").resolve("00000000000000000000"));

        store = open();

        assertThat(store.scannedAtStart()).isEqualTo(6);
        assertThat(bodies(1)).containsExactly("m1", "m3", "m5");
        assertThat(byKey("m4")).containsExactly("m4");
    }

    @Test
    void retentionAfterTheCheckpoint_thenACrash_leavesTheIndexesConsistentWithTheRetainedLog() {
        store = open();
        AppendResult old = store.append(keyed(0, "old0"));
        store.append(keyed(1, "old1"));
        store.checkpoint();
        clock.advanceMillis(DAY);
        store.append(keyed(0, "middle"));
        clock.advanceMillis(DAY);
        store.append(keyed(0, "new"));
        assertThat(store.deleteExpiredFiles()).isEqualTo(1);
        store.append(keyed(0, "latest"));
        crash();

        store = open();

        assertThat(store.scannedAtStart()).as("retention checkpointed before it deleted").isEqualTo(1);
        assertThat(store.minOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(store.read(TOPIC, 0, 0, 8, MessageFilter.ALL).status()).isEqualTo(ReadStatus.OFFSET_TOO_SMALL);
        assertThat(bodies(0)).containsExactly("middle", "new", "latest");
        assertThat(store.minOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.lookup(old.commitLogOffset())).isEmpty();
        assertThat(byKey("old0")).isEmpty();
        assertThat(byKey("middle")).containsExactly("middle");
        assertThat(store.commitLogMinOffset()).isGreaterThan(old.commitLogOffset());
    }

    @Test
    void aTopicDeletedAfterTheCheckpoint_staysDeletedAfterACrash() {
        store = open();
        append(4, "first");
        store.checkpoint();
        store.deleteTopic(TOPIC);
        store.append(keyed(0, "second"));
        crash();

        store = open();

        assertThat(store.minOffset(TOPIC, 0)).isZero();
        assertThat(bodies(0)).containsExactly("second");
        assertThat(store.maxOffset(TOPIC, 1)).isZero();
        assertThat(byKey("first0")).isEmpty();
    }

    // ---------------------------------------------------------------- the log's files alone

    private Path copyOfTheLog() throws IOException {
        Path copy = Files.createTempDirectory(root.getParent(), "log-copy");
        try (Stream<Path> files = Files.list(root.resolve("chronicle"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        return copy;
    }

    private void restoreTheLog(Path copy) throws IOException {
        Path log = root.resolve("chronicle");
        try (Stream<Path> files = Files.walk(log)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
        Files.move(copy, log);
    }
}
