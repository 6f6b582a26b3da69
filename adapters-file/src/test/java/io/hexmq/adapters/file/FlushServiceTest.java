package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.FlushDiskType;
import io.hexmq.storage.GroupCommit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit under SYNC_FLUSH: a written append's stage, completed by the flush that covers it. The flush
 * intervals are an hour, so a stage completed here was completed by the flush that covered it, never by an
 * interval; where the flush thread is not started, the test itself decides when flushes happen, and the
 * manual clock when the sync-flush timeout has passed.
 */
class FlushServiceTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long HOUR_MILLIS = TimeUnit.HOURS.toMillis(1);
    private static final long BOUND_SECONDS = 10;

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final MessageEncoder encoder = new MessageEncoder(StoreFixture.SEGMENT_SIZE, STORE_HOST);
    private CommitLog commitLog;
    private GroupCommit groupCommit;
    private FileStoreSettings settings;
    private FlushService service;

    @BeforeEach
    void open() {
        settings = StoreFixture.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH)
            .withFlushIntervals((int) HOUR_MILLIS, (int) HOUR_MILLIS);
        commitLog = new CommitLog(root.resolve("commitlog"), StoreFixture.SEGMENT_SIZE, settings.maxRecordLength(),
            clock);
        commitLog.load();
        commitLog.recover(0, false);
        groupCommit = commitLog.groupCommit();
        ConsumeQueueTable queues = new ConsumeQueueTable(root.resolve("consumequeue"),
            StoreFixture.CONSUME_QUEUE_FILE_SIZE);
        MessageIndex index = new MessageIndex(root.resolve("index"), StoreFixture.INDEX_SLOTS,
            StoreFixture.INDEX_ENTRIES, clock);
        service = new FlushService(commitLog, queues, index, new Dispatcher(commitLog, queues, index,
            new DeletedTopics(root.resolve("deletedtopics"))),
            new Checkpoint(root.resolve("checkpoint")), clock, settings);
    }

    @AfterEach
    void close() {
        service.stop();
    }

    /** Writes a record as the appender does and returns its result as written: readable, not yet flushed. */
    private AppendResult append(String body) {
        encoder.reset();
        encoder.encode(Message.builder("TopicTest", 0, body.getBytes(StandardCharsets.UTF_8)).build());
        AppendTicket ticket = new AppendTicket();
        commitLog.append(encoder.encoded(), encoder.encodedLength(), 1, null, AppendEncoding.CLOCK_TIME, ticket);
        return new AppendResult(AppendStatus.PUT_OK, "", ticket.queueOffset(), ticket.physicalOffset(),
            ticket.length(), List.of(body), ticket.storeTimestamp());
    }

    private CompletableFuture<AppendResult> whenFlushed(AppendResult written) {
        return service.whenFlushed(written.commitLogOffset() + written.wroteBytes(), written).toCompletableFuture();
    }

    private static AppendResult completed(CompletableFuture<AppendResult> stage) throws Exception {
        return stage.get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void syncAppend_waitsWithoutAThread_untilAFlushCoversIt() throws Exception {
        AppendResult written = append("a");

        CompletableFuture<AppendResult> stage = whenFlushed(written);

        assertThat(stage).isNotDone();
        assertThat(groupCommit.waiting()).isEqualTo(1);
        commitLog.flush();
        assertThat(stage).isCompletedWithValue(written);
    }

    @Test
    void checkpointFlush_completesTheAppendsItCovers_withoutWaitingForAnotherFlush() throws Exception {
        CompletableFuture<AppendResult> stage = whenFlushed(append("a"));

        service.checkpointNow();

        assertThat(completed(stage).status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void oneFlush_completesEveryAppendItCovers_inOffsetOrder_andALaterAppendWaitsForTheNext() throws Exception {
        List<String> completionOrder = new CopyOnWriteArrayList<>();
        List<CompletableFuture<AppendResult>> stages = new ArrayList<>();
        for (String body : List.of("a", "b", "c")) {
            stages.add(whenFlushed(append(body)).whenComplete((result, failure) -> completionOrder.add(result.msgId())));
        }

        commitLog.flush();

        for (CompletableFuture<AppendResult> stage : stages) {
            assertThat(completed(stage).status()).isEqualTo(AppendStatus.PUT_OK);
        }
        assertThat(completionOrder).containsExactly("a", "b", "c");
        CompletableFuture<AppendResult> later = whenFlushed(append("d"));
        assertThat(later).isNotDone();

        commitLog.flush();

        assertThat(completed(later).status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void appendAlreadyCoveredByAFlush_isCompleteAtOnce() {
        AppendResult written = append("a");
        commitLog.flush();

        assertThat(whenFlushed(written)).isCompletedWithValue(written);
        assertThat(groupCommit.waiting()).isZero();
    }

    @Test
    void flushThread_flushesAsSoonAsAnAppendWaits_notAtTheNextInterval() throws Exception {
        service.start();
        AppendResult written = append("a");
        long end = written.commitLogOffset() + written.wroteBytes();
        List<Long> flushedOnCompletion = new CopyOnWriteArrayList<>();

        AppendResult result = completed(whenFlushed(written)
            .whenComplete((done, failure) -> flushedOnCompletion.add(commitLog.flushedOffset())));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(flushedOnCompletion).singleElement().satisfies(flushed -> assertThat(flushed).isGreaterThanOrEqualTo(end));
    }

    @Test
    void appendNotFlushedWithinSyncFlushTimeout_completesWithFlushDiskTimeout_keepingWhereItWasStored()
            throws Exception {
        AppendResult written = append("a");
        CompletableFuture<AppendResult> overdue = whenFlushed(written);
        clock.advanceMillis(settings.syncFlushTimeout());

        CompletableFuture<AppendResult> next = whenFlushed(append("b"));

        AppendResult timedOut = completed(overdue);
        assertThat(timedOut.status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(timedOut.commitLogOffset()).isEqualTo(written.commitLogOffset());
        assertThat(timedOut.msgIds()).isEqualTo(written.msgIds());
        assertThat(next).isNotDone();
    }

    @Test
    void expiry_timesOutWhatNoFlushCovered_onlyOnceItsDeadlinePassed() throws Exception {
        CompletableFuture<AppendResult> overdue = whenFlushed(append("a"));
        clock.advanceMillis(settings.syncFlushTimeout() - 1);
        groupCommit.expire(clock.millis());
        assertThat(overdue).isNotDone();
        clock.advanceMillis(1);

        groupCommit.expire(clock.millis());

        assertThat(completed(overdue).status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(groupCommit.waiting()).isZero();
    }

    @Test
    void stop_timesOutWaitingAppends_unflushed() throws Exception {
        CompletableFuture<AppendResult> stage = whenFlushed(append("a"));

        service.stop();

        assertThat(completed(stage).status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(whenFlushed(append("b")).get(BOUND_SECONDS, TimeUnit.SECONDS).status())
            .isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
    }
}
