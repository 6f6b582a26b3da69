package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.storage.FlushDiskType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the file store does: segments, crash recovery, flush policies, retention, disk space. */
class MappedFileMessageStoreBehaviourTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long START = 1_700_000_000_000L;
    private static final String TOPIC = "TopicTest";

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(START);
    private final StoreFixture.SettableDiskUsage disk = new StoreFixture.SettableDiskUsage();
    private MappedFileMessageStore store;

    @AfterEach
    void close() {
        if (store != null) {
            store.shutdown();
        }
    }

    private MappedFileMessageStore open(FileStoreSettings settings) {
        store = new MappedFileMessageStore(settings, STORE_HOST, clock, disk);
        store.start();
        return store;
    }

    private MappedFileMessageStore open() {
        return open(StoreFixture.settings(root));
    }

    private static Message message(int queueId, String body) {
        return Message.builder(TOPIC, queueId, body.getBytes(StandardCharsets.UTF_8)).build();
    }

    private static Message sized(int queueId, int bodyBytes, int index) {
        byte[] body = new byte[bodyBytes];
        body[0] = (byte) index;
        body[1] = (byte) (index >> 8);
        return Message.builder(TOPIC, queueId, body).build();
    }

    private static int indexOf(ByteBuffer record) {
        byte[] body = StoredMessage.decode(record.duplicate()).body();
        return (body[0] & 0xFF) | (body[1] & 0xFF) << 8;
    }

    private List<Integer> readIndexes(int queueId, long from) {
        List<Integer> indexes = new ArrayList<>();
        long offset = from;
        while (true) {
            ReadResult result = store.read(TOPIC, queueId, offset, 32, MessageFilter.ALL);
            if (result.status() != ReadStatus.FOUND) {
                return indexes;
            }
            result.messages().forEach(record -> indexes.add(indexOf(record)));
            offset = result.nextBeginOffset();
        }
    }

    private List<String> fileNames(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted(Comparator.naturalOrder()).toList();
        }
    }

    @Test
    void unflushedBytes_countTheAppendsSinceTheLastFlush_andAFlushClearsThem() {
        // no flush thread pass within the test: an hour between passes
        open(StoreFixture.settings(root).withFlushIntervals(3_600_000, 3_600_000));

        AppendResult first = store.append(message(0, "a"));
        AppendResult second = store.appendBatch(List.of(message(1, "b0"), message(1, "b1")));

        assertThat(store.unflushedBytes()).isEqualTo(first.wroteBytes() + second.wroteBytes());
        assertThat(store.undispatchedBytes()).isZero();
        store.flush();
        assertThat(store.unflushedBytes()).isZero();
    }

    @Test
    void rollsSegments_namedByStartOffset_andReadsAcrossThem() throws IOException {
        open();
        for (int i = 0; i < 200; i++) {
            assertThat(store.append(sized(0, 1000, i)).status()).isEqualTo(AppendStatus.PUT_OK);
        }

        assertThat(fileNames(root.resolve("commitlog"))).startsWith(
            MappedFile.fileName(0), MappedFile.fileName(StoreFixture.SEGMENT_SIZE),
            MappedFile.fileName(2L * StoreFixture.SEGMENT_SIZE));
        assertThat(fileNames(root.resolve("consumequeue/TopicTest/0"))).hasSize(200 / 16 + 1)
            .startsWith(MappedFile.fileName(0), MappedFile.fileName(StoreFixture.CONSUME_QUEUE_FILE_SIZE));
        assertThat(readIndexes(0, 0)).hasSize(200).isSorted().startsWith(0, 1, 2).endsWith(199);

        store.shutdown();
        open();

        assertThat(readIndexes(0, 0)).hasSize(200).endsWith(199);
        assertThat(store.append(sized(0, 1000, 200)).queueOffset()).isEqualTo(200);
    }

    @Test
    void neverSplitsARecord_theSegmentEndsWithABlank() throws IOException {
        open();
        AppendResult last = null;
        for (int i = 0; i < 70; i++) {
            last = store.append(sized(0, 1000, i));
        }
        store.shutdown();
        store = null;

        long secondSegment = StoreFixture.SEGMENT_SIZE;
        assertThat(last.commitLogOffset()).isGreaterThan(secondSegment);
        Path first = root.resolve("commitlog").resolve(MappedFile.fileName(0));
        long recordLength = last.wroteBytes();
        long recordsInFirst = (StoreFixture.SEGMENT_SIZE - 8) / recordLength;
        ByteBuffer blank = ByteBuffer.wrap(StoreFixture.read(first, recordsInFirst * recordLength, 8));
        assertThat(blank.getInt(4)).isEqualTo(MessageLayout.BLANK_MAGIC_CODE);
        assertThat(blank.getInt(0)).isEqualTo(StoreFixture.SEGMENT_SIZE - recordsInFirst * recordLength);
    }

    @Test
    void crash_withGarbageAfterTheLastRecord_keepsEverything_andWritesOverTheGarbage() throws IOException {
        open();
        store.append(message(0, "a"));
        AppendResult last = store.append(message(0, "b"));
        long end = last.commitLogOffset() + last.wroteBytes();
        store.abandon();
        ByteBuffer fakeHeader = ByteBuffer.allocate(64).putInt(500).putInt(MessageLayout.MAGIC_CODE_V1).putInt(7);
        StoreFixture.overwrite(root, end, fakeHeader.array());

        open();

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(store.commitLogMaxOffset()).isEqualTo(end);
        AppendResult next = store.append(message(0, "c"));
        assertThat(next.commitLogOffset()).isEqualTo(end);
        assertThat(next.queueOffset()).isEqualTo(2);
        store.shutdown();
        open();
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(3);
    }

    @Test
    void crash_withATornRecordAndGarbageBehindIt_endsAtTheLastWholeRecord_andNothingBehindEverComesBack()
            throws IOException {
        open();
        List<AppendResult> results = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            results.add(store.append(sized(0, 1000, i)));
        }
        store.abandon();
        AppendResult torn = results.get(5);
        int halfOfIt = torn.wroteBytes() / 2;
        StoreFixture.overwrite(root, torn.commitLogOffset() + halfOfIt, filled(halfOfIt, (byte) 0x5A));
        ByteBuffer fakeHeader = ByteBuffer.allocate(4096).putInt(500).putInt(MessageLayout.MAGIC_CODE_V1).putInt(7);
        StoreFixture.overwrite(root, StoreFixture.SEGMENT_SIZE - 4096, fakeHeader.array());

        open();

        assertThat(store.commitLogMaxOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(readIndexes(0, 0)).containsExactly(0, 1, 2, 3, 4);
        int tail = (int) (StoreFixture.SEGMENT_SIZE - torn.commitLogOffset());
        assertThat(StoreFixture.read(StoreFixture.segmentOf(root, 0), torn.commitLogOffset(), tail))
            .containsOnly((byte) 0);

        // As long as the torn record, so it ends where the old sixth record began: a second crash must not
        // find the 24 whole old records behind it.
        AppendResult again = store.append(sized(0, 1000, 105));
        assertThat(again.commitLogOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(again.wroteBytes()).isEqualTo(torn.wroteBytes());
        store.abandon();
        open();

        assertThat(readIndexes(0, 0)).containsExactly(0, 1, 2, 3, 4, 105);
        assertThat(store.append(sized(0, 1000, 106)).queueOffset()).isEqualTo(6);
        assertThat(readIndexes(0, 0)).containsExactly(0, 1, 2, 3, 4, 105, 106);
    }

    private static byte[] filled(int length, byte value) {
        byte[] bytes = new byte[length];
        Arrays.fill(bytes, value);
        return bytes;
    }

    @Test
    void crash_withACorruptBodyCrc_cutsTheLogThere_andTrimsEveryConsumeQueue() throws IOException {
        open();
        List<AppendResult> results = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            results.add(store.append(message(i % 2, "m" + i)));
        }
        store.abandon();
        AppendResult third = results.get(2);
        long bodyAt = third.commitLogOffset() + MessageLayout.bodyLengthOffset(0) + 4;
        StoreFixture.overwrite(root, bodyAt, new byte[] {'X'});

        open();

        assertThat(store.commitLogMaxOffset()).isEqualTo(third.commitLogOffset());
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(1);
        assertThat(store.lookup(results.get(3).commitLogOffset())).isEmpty();
        assertThat(store.append(message(0, "again")).queueOffset()).isEqualTo(1);
    }

    @Test
    void crash_afterACleanRestart_verifiesFromTheCheckpoint_andCutsATornTail() throws IOException {
        open();
        store.append(message(0, "before-restart"));
        store.shutdown();
        open();
        store.append(message(0, "kept"));
        AppendResult torn = store.append(message(0, "torn"));
        store.abandon();
        StoreFixture.overwrite(root, torn.commitLogOffset() + torn.wroteBytes() - 4, new byte[] {1, 2, 3, 4});

        open();

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(store.commitLogMaxOffset()).isEqualTo(torn.commitLogOffset());
        assertThat(store.append(message(0, "next")).queueOffset()).isEqualTo(2);
    }

    @Test
    void crash_afterCheckpointsThatVouchForLessThanTheIndexHolds_findsEveryKeyOnceAfterTheRestart() throws Exception {
        open(StoreFixture.settings(root).withFlushIntervals(10, 10));
        Checkpoint checkpoint = store.files().checkpoint();
        awaitCheckpointCovering(checkpoint, 0);
        AppendResult last = null;
        for (int i = 0; i < 20; i++) {
            last = store.append(keyedMessage("m" + i, "order-" + i));
        }
        long end = last.commitLogOffset() + last.wroteBytes();
        awaitCheckpointCovering(checkpoint, end);
        assertThat(checkpoint.read().orElseThrow().dispatchedFlushed())
            .as("the index was forced before the appends, not since").isLessThan(end);
        store.abandon();

        open();

        for (int i = 0; i < 20; i++) {
            assertThat(store.queryByKey(TOPIC, IndexType.KEYS, "order-" + i, 32, 0, Long.MAX_VALUE).messages())
                .as("order-%d", i).hasSize(1);
        }
    }

    /** Waits, with a bound, for a checkpoint whose flushed commit-log offset is at least {@code end}. */
    private static void awaitCheckpointCovering(Checkpoint checkpoint, long end) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (checkpoint.read().map(Checkpoint.Values::commitLogFlushed).orElse(-1L) < end) {
            assertThat(System.nanoTime()).as("a checkpoint covering offset %d", end).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    private static Message keyedMessage(String body, String key) {
        return Message.builder(TOPIC, 0, body.getBytes(StandardCharsets.UTF_8))
            .properties(MessageProperties.encode(Map.of(MessageProperties.KEYS, key))).build();
    }

    @Test
    void crash_rebuildsLostConsumeQueues_fromTheCommitLog() throws IOException {
        open();
        for (int i = 0; i < 40; i++) {
            store.append(sized(i % 3, 100, i));
        }
        store.abandon();
        deleteRecursively(root.resolve("consumequeue"));

        open();

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(14);
        assertThat(store.maxOffset(TOPIC, 1)).isEqualTo(13);
        assertThat(readIndexes(2, 0)).hasSize(13).startsWith(2, 5, 8);
    }

    @Test
    void cleanShutdown_leavesACheckpointAndNoAbortMarker() {
        open();
        assertThat(root.resolve("abort")).exists();
        store.append(message(0, "a"));
        store.shutdown();

        assertThat(root.resolve("abort")).doesNotExist();
        assertThat(root.resolve("checkpoint")).exists();
        store = null;
    }

    @Test
    void syncFlush_acknowledgesOnlyWhatIsOnDisk_withGroupCommitAcrossThreads() throws Exception {
        open(StoreFixture.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH));
        AppendResult result = store.append(message(0, "durable"));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(store.commitLogFlushedOffset()).isGreaterThanOrEqualTo(result.commitLogOffset() + result.wroteBytes());
        byte[] onDisk = StoreFixture.read(StoreFixture.segmentOf(root, result.commitLogOffset()),
            result.commitLogOffset(), result.wroteBytes());
        assertThat(StoredMessage.decode(ByteBuffer.wrap(onDisk)).body()).isEqualTo("durable".getBytes(StandardCharsets.UTF_8));

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<AppendResult>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int queueId = t;
                futures.add(pool.submit(() -> {
                    List<AppendResult> mine = new ArrayList<>();
                    for (int i = 0; i < 25; i++) {
                        mine.add(store.append(message(queueId, "t" + queueId + "-" + i)));
                    }
                    return mine;
                }));
            }
            long highest = 0;
            for (Future<List<AppendResult>> future : futures) {
                for (AppendResult each : future.get()) {
                    assertThat(each.status()).isEqualTo(AppendStatus.PUT_OK);
                    highest = Math.max(highest, each.commitLogOffset() + each.wroteBytes());
                }
            }
            assertThat(store.commitLogFlushedOffset()).isGreaterThanOrEqualTo(highest);
            assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(26);
            assertThat(store.maxOffset(TOPIC, 3)).isEqualTo(25);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void retention_deletesExpiredSegments_andMovesTheQueueMinimum() throws IOException {
        open(StoreFixture.settings(root).withFileReservedTime(1));
        for (int i = 0; i < 200; i++) {
            store.append(sized(0, 1000, i));
        }
        clock.advanceMillis(30 * 60_000L);
        assertThat(store.deleteExpiredFiles()).isZero();

        clock.advanceMillis(60 * 60_000L);
        store.append(sized(0, 1000, 200));
        int deleted = store.deleteExpiredFiles();

        assertThat(deleted).isPositive();
        assertThat(store.commitLogMinOffset()).isEqualTo((long) deleted * StoreFixture.SEGMENT_SIZE);
        assertThat(fileNames(root.resolve("commitlog"))).first()
            .isEqualTo(MappedFile.fileName((long) deleted * StoreFixture.SEGMENT_SIZE));
        long min = store.minOffset(TOPIC, 0);
        assertThat(min).isPositive();
        assertThat(fileNames(root.resolve("consumequeue/TopicTest/0")).get(0)).isNotEqualTo(MappedFile.fileName(0));

        ReadResult tooSmall = store.read(TOPIC, 0, 0, 32, MessageFilter.ALL);
        assertThat(tooSmall.status()).isEqualTo(ReadStatus.OFFSET_TOO_SMALL);
        assertThat(tooSmall.nextBeginOffset()).isEqualTo(min);
        assertThat(readIndexes(0, min)).first().isEqualTo((int) min);
        assertThat(readIndexes(0, min)).last().isEqualTo(200);
        assertThat(store.lookup(0)).isEmpty();

        store.shutdown();
        open(StoreFixture.settings(root).withFileReservedTime(1));
        assertThat(store.minOffset(TOPIC, 0)).isEqualTo(min);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(201);
    }

    @Test
    void refusesAppends_whileTheDiskIsFull_andAcceptsOnceItIsNot() {
        open(StoreFixture.settings(root).withDiskMaxUsedSpaceRatio(80));
        disk.percent.set(92.0);
        store.checkDiskSpace();

        AppendResult refused = store.append(message(0, "x"));
        assertThat(refused.status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(refused.reason()).contains("disk full").contains("diskMaxUsedSpaceRatio 80%");
        assertThat(store.appendBatch(List.of(message(0, "y"))).status()).isEqualTo(AppendStatus.SERVICE_NOT_AVAILABLE);
        assertThat(store.maxOffset(TOPIC, 0)).isZero();

        disk.percent.set(60.0);
        store.deleteExpiredFiles();

        assertThat(store.append(message(0, "x")).status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void settings_areValidatedAtConstruction() {
        FileStoreSettings defaults = FileStoreSettings.defaults(root);
        assertThat(defaults.mappedFileSizeCommitLog()).isEqualTo(1 << 30);
        assertThat(defaults.mappedFileSizeConsumeQueue()).isEqualTo(6_000_000);
        assertThat(defaults.maxMessageSize()).isEqualTo(4 << 20);
        assertThat(defaults.flushDiskType()).isEqualTo(FlushDiskType.ASYNC_FLUSH);
        assertThat(defaults.fileReservedTime()).isEqualTo(72);
        assertThat(defaults.diskMaxUsedSpaceRatio()).isEqualTo(75);

        assertThatThrownBy(() -> defaults.withMappedFileSizeConsumeQueue(1001))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multiple of 20");
        assertThatThrownBy(() -> defaults.withMappedFileSizeCommitLog(1024 * 1024))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxMessageSize");
        assertThatThrownBy(() -> defaults.withDiskMaxUsedSpaceRatio(99))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("diskMaxUsedSpaceRatio");
        assertThatThrownBy(() -> defaults.withFileReservedTime(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static void deleteRecursively(Path directory) throws IOException {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    @Test
    void aCrashAfterTheDeletionMarker_butBeforeTheQueuesWereDeleted_dropsTheStaleQueuesAtStart() {
        open();
        store.append(message(0, "old-0"));
        store.append(message(1, "old-1"));
        store.append(Message.builder("OtherTopic", 0, new byte[] {1}).build());
        long end = store.commitLogMaxOffset();
        store.shutdown();
        // what deleteTopic writes first; the crash comes before it deletes the consume queues
        new DeletedTopics(root.resolve("deletedtopics")).add(TOPIC, end);

        open();

        assertThat(store.maxOffset(TOPIC, 0)).isZero();
        assertThat(store.maxOffset(TOPIC, 1)).isZero();
        assertThat(Files.exists(root.resolve("consumequeue").resolve(TOPIC).resolve("0"))).isFalse();
        assertThat(store.maxOffset("OtherTopic", 0)).isEqualTo(1);
        assertThat(store.append(message(0, "new-0")).queueOffset()).isZero();
    }

    @Test
    void deletionMarkers_areForgotten_onceTheCommitLogStartsAtOrPastThem() {
        open();
        store.append(message(0, "old"));
        store.deleteTopic(TOPIC);
        DeletedTopics markers = new DeletedTopics(root.resolve("deletedtopics"));
        markers.load();
        assertThat(markers.deletedAt(TOPIC)).isPositive();

        markers.forgetUpTo(store.commitLogMaxOffset());
        markers.load();

        assertThat(markers.deletedAt(TOPIC)).isZero();
    }
}
