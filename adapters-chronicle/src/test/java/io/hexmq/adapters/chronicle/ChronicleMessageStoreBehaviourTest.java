package io.hexmq.adapters.chronicle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the contract does not cover: restarts with batches and cycles, corruption, retention, sync flush,
 * the disk-full threshold.
 */
class ChronicleMessageStoreBehaviourTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long DAY = 24 * 3_600_000L;
    /** 2023-11-14T22:13:20Z. */
    private static final long START_MILLIS = 1_700_000_000_000L;
    private static final String TOPIC = "TopicTest";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(START_MILLIS);
    private final TestStores.Disk disk = new TestStores.Disk();
    private ChronicleMessageStore store;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.shutdown();
        }
    }

    private ChronicleMessageStore open(ChronicleStoreSettings settings) {
        ChronicleMessageStore opened = new ChronicleMessageStore(settings, STORE_HOST, clock, DiskSync.FORCE, disk);
        opened.start();
        return opened;
    }

    private ChronicleMessageStore open() {
        return open(TestStores.settings(root));
    }

    private static Message message(int queueId, String body) {
        return Message.builder(TOPIC, queueId, body.getBytes(StandardCharsets.UTF_8)).build();
    }

    private static String body(ByteBuffer record) {
        return new String(StoredMessage.decode(record.duplicate()).body(), StandardCharsets.UTF_8);
    }

    private List<String> bodies(int queueId, long offset) {
        List<String> bodies = new ArrayList<>();
        store.read(TOPIC, queueId, offset, 64, MessageFilter.ALL).messages().forEach(record -> bodies.add(body(record)));
        return bodies;
    }

    @Test
    void restart_acrossCyclesAndBatches_findsEveryMessageByQueueOffsetAndByMsgId() {
        store = open();
        List<String> msgIds = new ArrayList<>();
        msgIds.add(store.append(message(0, "day1-a")).msgId());
        msgIds.addAll(store.appendBatch(List.of(message(0, "day1-b0"), message(0, "day1-b1"))).msgIds());
        clock.advanceMillis(DAY);
        msgIds.add(store.append(message(1, "day2-a")).msgId());
        msgIds.addAll(store.appendBatch(List.of(message(0, "day2-b0"), message(0, "day2-b1"))).msgIds());
        store.shutdown();

        store = open();

        assertThat(bodies(0, 0)).containsExactly("day1-a", "day1-b0", "day1-b1", "day2-b0", "day2-b1");
        assertThat(bodies(1, 0)).containsExactly("day2-a");
        List<String> looked = new ArrayList<>();
        for (String msgId : msgIds) {
            looked.add(body(store.lookup(OffsetMessageId.decode(msgId).commitLogOffset()).orElseThrow()));
        }
        assertThat(looked).containsExactly("day1-a", "day1-b0", "day1-b1", "day2-a", "day2-b0", "day2-b1");
        assertThat(cycleFiles()).hasSize(2);
        AppendResult next = store.append(message(0, "after"));
        assertThat(next.queueOffset()).isEqualTo(5);
        assertThat(next.commitLogOffset()).isEqualTo(store.commitLogMaxOffset() - next.wroteBytes());
    }

    @Test
    void aStoppedStore_findsNoKeys_beforeItsStartAndAfterItsShutdown() {
        ChronicleMessageStore unstarted = new ChronicleMessageStore(TestStores.settings(root), STORE_HOST, clock,
            DiskSync.FORCE, disk);
        assertThat(unstarted.queryByKey(TOPIC, IndexType.KEYS, "order-1", 32, 0, Long.MAX_VALUE).messages()).isEmpty();

        store = open();
        store.append(Message.builder(TOPIC, 0, "keyed".getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, "order-1"))).build());
        assertThat(store.queryByKey(TOPIC, IndexType.KEYS, "order-1", 32, 0, Long.MAX_VALUE).messages()).hasSize(1);
        store.shutdown();

        assertThat(store.queryByKey(TOPIC, IndexType.KEYS, "order-1", 32, 0, Long.MAX_VALUE).messages()).isEmpty();
        store = null;
    }

    @Test
    void lookup_ofAnOffsetInsideARecord_findsNothing() {
        store = open();
        AppendResult batch = store.appendBatch(List.of(message(0, "x0"), message(0, "x1")));

        assertThat(store.lookup(batch.commitLogOffset() + 1)).isEmpty();
        assertThat(store.lookup(-1)).isEmpty();
    }

    @Test
    void retention_deletesCyclesOlderThanTheReservedTime_andMovesMinOffsets() {
        store = open(TestStores.settings(root).withFileReservedTime(24));
        AppendResult old = store.append(message(0, "old-0"));
        store.append(message(0, "old-1"));
        store.append(message(1, "only-old"));
        clock.advanceMillis(DAY);
        store.append(message(0, "middle"));
        clock.advanceMillis(DAY);
        store.append(message(0, "new"));

        assertThat(store.deleteExpiredFiles()).isEqualTo(1);

        assertThat(cycleFiles()).hasSize(2);
        assertThat(store.minOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(4);
        assertThat(store.read(TOPIC, 0, 0, 32, MessageFilter.ALL).status()).isEqualTo(ReadStatus.OFFSET_TOO_SMALL);
        assertThat(bodies(0, 2)).containsExactly("middle", "new");
        assertThat(store.lookup(old.commitLogOffset())).isEmpty();
        assertThat(store.commitLogMinOffset()).isPositive();
        assertThat(store.minOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.earliestStoreTime(TOPIC, 0)).hasValue(START_MILLIS + DAY);

        assertThat(store.deleteExpiredFiles()).isZero();
        clock.advanceMillis(10 * DAY);
        assertThat(store.deleteExpiredFiles()).as("the newest cycle with messages stays").isEqualTo(1);
        assertThat(bodies(0, 3)).containsExactly("new");
        store.shutdown();

        store = open(TestStores.settings(root).withFileReservedTime(24));
        assertThat(store.minOffset(TOPIC, 0)).isEqualTo(3);
        assertThat(store.maxOffset(TOPIC, 1)).as("a queue retention emptied keeps its offsets").isEqualTo(1);
        assertThat(store.append(message(1, "again")).queueOffset()).isEqualTo(1);
    }

    @Test
    void unflushedBytes_countTheAppendsSinceTheLastForce_andAFlushClearsThem() {
        // no flush thread pass within the test: an hour between passes
        store = open(TestStores.settings(root).withFlushIntervalCommitLog(3_600_000));

        AppendResult first = store.append(message(0, "a"));
        AppendResult second = store.appendBatch(List.of(message(1, "b0"), message(1, "b1")));

        assertThat(store.unflushedBytes()).isEqualTo(first.wroteBytes() + second.wroteBytes());
        store.flush();
        assertThat(store.unflushedBytes()).isZero();
    }

    @Test
    void syncFlush_leavesNothingUnflushed_onceAnAppendIsAcknowledged() {
        store = open(TestStores.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH));

        store.append(message(0, "durable"));

        assertThat(store.unflushedBytes()).isZero();
    }

    @Test
    void syncFlush_acknowledgesStoredMessages() {
        store = open(TestStores.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH));

        AppendResult result = store.append(message(0, "durable"));

        assertThat(result.isOk()).isTrue();
        assertThat(bodies(0, 0)).containsExactly("durable");
        store.flush();
    }

    @Test
    void start_refusesAGarbledCycleFile_withAClearMessage() throws IOException {
        store = open();
        store.append(message(0, "a"));
        store.shutdown();
        store = null;
        overwrite(cycleFiles().get(0), 0, garbage(64));

        assertThatThrownBy(this::open)
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("is corrupt or was written by an incompatible version")
            .hasMessageContaining(cycleFiles().get(0).getFileName().toString());
        assertThat(discardedFiles()).as("Chronicle did not set the file aside").isEmpty();
    }

    @Test
    void start_refusesAGarbledMetadataFile_withAClearMessage() throws IOException {
        store = open();
        store.append(message(0, "a"));
        store.shutdown();
        store = null;
        overwrite(root.resolve("chronicle").resolve("metadata.cq4t"), 0, garbage(64));

        assertThatThrownBy(this::open)
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("metadata.cq4t is corrupt or was written by an incompatible version");
    }

    @Test
    void start_refusesACorruptRecordAfterTheCheckpoint_namingTheDocument() throws IOException {
        store = open(TestStores.settings(root).withFlushIntervalConsumeQueue(TestStores.NO_PERIODIC_CHECKPOINT));
        store.append(message(0, "a"));
        store.checkpoint();
        AppendResult damaged = store.append(message(0, "a body that will be damaged"));
        store.flush();
        store.abandon();
        store = null;
        flipBodyByte(damaged);

        assertThatThrownBy(this::open)
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("is corrupt: document")
            .hasMessageContaining("not a valid message record");
    }

    @Test
    void start_refusesAStoreOfAnotherFormat() throws IOException {
        store = open();
        store.shutdown();
        store = null;
        Path marker = root.resolve("hexmq-chronicle.properties");
        Files.writeString(marker, Files.readString(marker).replace("format=1", "format=99"));

        assertThatThrownBy(this::open)
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("was written in format 99")
            .hasMessageContaining("this build reads format 1");
    }

    @Test
    void start_refusesChronicleFilesItDidNotWrite() throws IOException {
        Files.createDirectories(root.resolve("chronicle"));
        Files.writeString(root.resolve("chronicle").resolve("20231114F.cq4"), "not ours");

        assertThatThrownBy(this::open)
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("not written by this version of hexmq's Chronicle store");
    }

    @Test
    void start_refusesAnotherRollCycle() {
        store = open();
        store.shutdown();
        store = null;

        assertThatThrownBy(() -> open(TestStores.settings(root).withRollCycle("FAST_HOURLY")))
            .isInstanceOf(StorageException.class)
            .hasMessageContaining("created with rollCycle FAST_DAILY, the settings say FAST_HOURLY");
    }

    @Test
    void diskFull_isJudgedByTheConfiguredRatio_andTheRemarkNamesIt() {
        store = open(TestStores.settings(root).withDiskMaxUsedSpaceRatio(80));
        disk.fill(80);
        store.deleteExpiredFiles();
        assertThat(store.append(message(0, "at the ratio")).status()).isEqualTo(AppendStatus.PUT_OK);

        disk.fill(91.6);
        store.deleteExpiredFiles();

        AppendResult refused = store.append(message(0, "above it"));
        assertThat(refused.status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(refused.reason()).isEqualTo("disk full: 92% of the disk holding " + root
            + " is used, above diskMaxUsedSpaceRatio 80%");
    }

    @Test
    void settings_diskMaxUsedSpaceRatio_defaultsTo75_andMustBe10To95() {
        assertThat(ChronicleStoreSettings.defaults(root).diskMaxUsedSpaceRatio()).isEqualTo(75);
        assertThatThrownBy(() -> TestStores.settings(root).withDiskMaxUsedSpaceRatio(99))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("diskMaxUsedSpaceRatio must be 10..95");
    }

    @Test
    void settings_rejectAnUnknownRollCycle() {
        assertThatThrownBy(() -> TestStores.settings(root).withRollCycle("DAILY"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("rollCycle must be one of");
    }

    // ---------------------------------------------------------------- file surgery

    private List<Path> cycleFiles() {
        try (Stream<Path> files = Files.list(root.resolve("chronicle"))) {
            return files.filter(file -> file.toString().endsWith(".cq4")).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Path> discardedFiles() throws IOException {
        try (Stream<Path> files = Files.list(root.resolve("chronicle"))) {
            return files.filter(file -> file.toString().endsWith(".discard")).toList();
        }
    }

    private static byte[] garbage(int length) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, (byte) 0x5A);
        return bytes;
    }

    private static void overwrite(Path file, long position, byte[] bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(bytes), position);
        }
    }

    /** Finds the record's bytes in the cycle file by its content and flips a byte of its body. */
    private void flipBodyByte(AppendResult record) throws IOException {
        Path file = cycleFiles().get(0);
        byte[] content = Files.readAllBytes(file);
        byte[] needle = "a body that will be damaged".getBytes(StandardCharsets.UTF_8);
        int at = indexOf(content, needle);
        assertThat(at).isPositive();
        overwrite(file, at + 3, new byte[] {(byte) (content[at + 3] ^ 0xFF)});
        assertThat(record.wroteBytes()).isGreaterThan(MessageLayout.MIN_RECORD_LENGTH);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
