package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.commitlog.GroupCommit;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.store.BoundedPoll;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.FlushDiskType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit under SYNC_FLUSH. The flush intervals are an hour, so an appender released here was released
 * by the flush that covered it, never by an interval; where the flush thread is not started, the test itself
 * decides when flushes happen.
 */
class FlushServiceTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final long HOUR_MILLIS = TimeUnit.HOURS.toMillis(1);
    private static final long BOUND_SECONDS = 10;

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final ExecutorService appenders = Executors.newCachedThreadPool();
    private final MessageEncoder encoder = new MessageEncoder(StoreFixture.SEGMENT_SIZE, STORE_HOST);
    private CommitLog commitLog;
    private GroupCommit groupCommit;
    private FlushService service;

    @BeforeEach
    void open() {
        FileStoreSettings settings = StoreFixture.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH)
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
        appenders.shutdownNow();
        commitLog.close();
    }

    private long append(String body) {
        encoder.reset();
        encoder.encode(Message.builder("TopicTest", 0, body.getBytes(StandardCharsets.UTF_8)).build());
        AppendTicket ticket = new AppendTicket();
        commitLog.append(encoder.encoded(), encoder.encodedLength(), 1, null, AppendEncoding.CLOCK_TIME, ticket);
        return ticket.endOffset();
    }

    private Future<Boolean> awaitFlushedInBackground(long offset) {
        return appenders.submit(() -> service.awaitFlushed(offset, HOUR_MILLIS));
    }

    private static void pollUntil(BooleanSupplier condition) {
        BoundedPoll.until(condition, BOUND_SECONDS);
    }

    @Test
    void checkpointFlush_releasesTheAppendersItCovers_withoutWaitingForAnotherFlush() throws Exception {
        Future<Boolean> appender = awaitFlushedInBackground(append("a"));
        pollUntil(() -> groupCommit.waiting() == 1);

        service.checkpointNow();

        assertThat(appender.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void oneFlush_releasesEveryAppenderItCovers_andALaterAppenderWaitsForTheNext() throws Exception {
        Future<Boolean> first = awaitFlushedInBackground(append("a"));
        Future<Boolean> second = awaitFlushedInBackground(append("b"));
        pollUntil(() -> groupCommit.waiting() == 2);

        commitLog.flush();

        assertThat(first.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(second.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        Future<Boolean> later = awaitFlushedInBackground(append("c"));
        pollUntil(() -> groupCommit.waiting() == 1);
        assertThat(later).isNotDone();

        commitLog.flush();

        assertThat(later.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void flushThread_flushesAsSoonAsAnAppenderAsks_notAtTheNextInterval() throws Exception {
        service.start();
        long end = append("a");

        Future<Boolean> appender = awaitFlushedInBackground(end);

        assertThat(appender.get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(commitLog.flushedOffset()).isGreaterThanOrEqualTo(end);
    }

    @Test
    void stop_releasesWaitingAppenders_unflushed() throws Exception {
        Future<Boolean> appender = awaitFlushedInBackground(append("a"));
        pollUntil(() -> groupCommit.waiting() == 1);

        service.stop();

        assertThat(appender.get(BOUND_SECONDS, TimeUnit.SECONDS)).isFalse();
    }
}
