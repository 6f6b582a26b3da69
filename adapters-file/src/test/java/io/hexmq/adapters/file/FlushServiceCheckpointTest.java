package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.file.commitlog.AppendTicket;
import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.FlushDiskType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checkpoint the flush thread writes every {@code flushIntervalConsumeQueue}: it vouches for the key index
 * only as far as the index's last force, which happens at the first checkpoint, then once per index interval,
 * and at shutdown; so between forces a crash re-dispatches from where the index was last forced.
 */
class FlushServiceCheckpointTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final MessageEncoder encoder = new MessageEncoder(StoreFixture.SEGMENT_SIZE, STORE_HOST);
    private CommitLog commitLog;
    private ConsumeQueueTable queues;
    private MessageIndex index;
    private Dispatcher dispatcher;
    private Checkpoint checkpoint;
    private FlushService service;

    @BeforeEach
    void open() {
        commitLog = new CommitLog(root.resolve("commitlog"), StoreFixture.SEGMENT_SIZE,
            StoreFixture.settings(root).maxRecordLength(), clock);
        commitLog.load();
        commitLog.recover(0, false);
        queues = new ConsumeQueueTable(root.resolve("consumequeue"),
            StoreFixture.CONSUME_QUEUE_FILE_SIZE);
        index = new MessageIndex(root.resolve("index"), StoreFixture.INDEX_SLOTS,
            StoreFixture.INDEX_ENTRIES, clock);
        dispatcher = new Dispatcher(commitLog, queues, index, new DeletedTopics(root.resolve("deletedtopics")));
        checkpoint = new Checkpoint(root.resolve("checkpoint"));
    }

    private void startService(long indexForceIntervalNanos) {
        FileStoreSettings settings = StoreFixture.settings(root).withFlushDiskType(FlushDiskType.ASYNC_FLUSH)
            .withFlushIntervals(5, 5);
        service = new FlushService(commitLog, queues, index, dispatcher, checkpoint, clock,
            settings, indexForceIntervalNanos);
        service.start();
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.stop();
        }
    }

    /** Appends and dispatches one message; returns the log's end after it. */
    private long appendDispatched(String body) {
        encoder.reset();
        encoder.encode(Message.builder("TopicTest", 0, body.getBytes(StandardCharsets.UTF_8)).build());
        commitLog.append(encoder.encoded(), encoder.encodedLength(), 1, null, AppendEncoding.CLOCK_TIME,
            new AppendTicket());
        dispatcher.dispatchUpTo(commitLog.writtenOffset());
        return commitLog.writtenOffset();
    }

    private Checkpoint.Values awaitCheckpoint(Predicate<Checkpoint.Values> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            Checkpoint.Values values = checkpoint.read().orElse(null);
            if (values != null && wanted.test(values)) {
                return values;
            }
            TimeUnit.MILLISECONDS.sleep(5);
        }
        throw new AssertionError("no checkpoint as wanted within " + BOUND + ": " + checkpoint.read());
    }

    @Test
    void checkpointsBetweenIndexForces_vouchOnlyForWhatWasDispatchedBeforeTheLastForce() throws Exception {
        long first = appendDispatched("a");
        startService(TimeUnit.HOURS.toNanos(1));
        assertThat(awaitCheckpoint(values -> values.commitLogFlushed() == first).dispatchedFlushed()).isEqualTo(first);

        long second = appendDispatched("b");

        Checkpoint.Values later = awaitCheckpoint(values -> values.commitLogFlushed() == second);
        assertThat(later.dispatchedFlushed()).as("the index was not forced since it held only the first").isEqualTo(first);
        service.stop();
        service.checkpointNow();
        assertThat(checkpoint.read().orElseThrow().dispatchedFlushed()).as("shutdown forces the index").isEqualTo(second);
    }

    @Test
    void onceTheIndexIntervalPassed_theNextCheckpointForcesTheIndex_andVouchesForEverythingDispatched() throws Exception {
        appendDispatched("a");
        startService(0);

        long second = appendDispatched("b");

        awaitCheckpoint(values -> values.commitLogFlushed() == second && values.dispatchedFlushed() == second);
    }
}
