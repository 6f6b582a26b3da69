package io.hexmq.adapters.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.storage.FlushDiskType;
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
 * The file store's asynchronous appends under SYNC_FLUSH: the call returns once the message is written and
 * readable, and its stage completes when the flush thread's flush covers it. The 1 KiB messages fill
 * several 64 KiB segments, so flushes cross segment ends too.
 */
class MappedFileMessageStoreSyncFlushTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final String TOPIC = "TopicTest";
    private static final int APPENDS = 200;
    private static final long BOUND_SECONDS = 10;

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private MappedFileMessageStore store;

    @BeforeEach
    void open() {
        store = openStore();
    }

    @AfterEach
    void close() {
        store.shutdown();
    }

    private MappedFileMessageStore openStore() {
        MappedFileMessageStore opened = new MappedFileMessageStore(
            StoreFixture.settings(root).withFlushDiskType(FlushDiskType.SYNC_FLUSH), STORE_HOST, clock);
        opened.start();
        return opened;
    }

    private static Message message(int index) {
        byte[] body = new byte[1024];
        body[0] = (byte) index;
        return Message.builder(TOPIC, 0, body).build();
    }

    private static long end(AppendResult result) {
        return result.commitLogOffset() + result.wroteBytes();
    }

    /**
     * An append's result and how far the commit log was on disk when its stage completed. No order among the
     * stages is promised: an append that a finished flush already covers gets a completed stage at once, on
     * the appending thread, while that flush's thread may still be completing the earlier appends' stages.
     */
    private record Completion(AppendResult result, long flushedThen) {
    }

    private static AppendResult completed(CompletableFuture<AppendResult> stage) throws Exception {
        return stage.get(BOUND_SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void asyncAppendsFromOneThread_completeOnlyOnceAFlushCoversThem_inOffsetOrderOnTheLog() throws Exception {
        List<Completion> completions = new CopyOnWriteArrayList<>();
        List<CompletableFuture<AppendResult>> stages = new ArrayList<>();
        List<CompletableFuture<AppendResult>> recorded = new ArrayList<>();
        for (int i = 0; i < APPENDS; i++) {
            CompletableFuture<AppendResult> stage = store.appendAsync(message(i)).toCompletableFuture();
            stages.add(stage);
            recorded.add(stage.whenComplete((result, failure) -> completions.add(new Completion(result,
                store.commitLogFlushedOffset()))));
        }
        for (CompletableFuture<AppendResult> stage : recorded) {
            completed(stage);
        }

        assertThat(completions).hasSize(APPENDS).allSatisfy(completion -> {
            assertThat(completion.result().status()).isEqualTo(AppendStatus.PUT_OK);
            assertThat(completion.flushedThen()).isGreaterThanOrEqualTo(end(completion.result()));
        });
        assertThat(stages).extracting(stage -> stage.join().queueOffset()).isSorted().doesNotHaveDuplicates();
        assertThat(stages).extracting(stage -> stage.join().commitLogOffset()).isSorted();
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(APPENDS);
    }

    @Test
    void asyncBatchAppend_completesOnceItsWholeUnitIsFlushed() throws Exception {
        List<Long> flushedThen = new CopyOnWriteArrayList<>();

        AppendResult result = completed(store.appendBatchAsync(List.of(message(0), message(1), message(2)))
            .toCompletableFuture().whenComplete((done, failure) -> flushedThen.add(store.commitLogFlushedOffset())));

        assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(result.msgIds()).hasSize(3);
        assertThat(flushedThen).singleElement().satisfies(flushed -> assertThat(flushed).isGreaterThanOrEqualTo(end(result)));
    }

    @Test
    void appendsAttachedToAStage_completeToo_evenBlockingOnesOnTheFlushThread() throws Exception {
        CompletableFuture<AppendResult> chained = store.appendAsync(message(0))
            .thenCompose(first -> store.appendAsync(message(1)))
            .thenApply(second -> store.append(message(2)))
            .toCompletableFuture();

        AppendResult last = completed(chained);

        assertThat(last.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(store.commitLogFlushedOffset()).isGreaterThanOrEqualTo(end(last));
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(3);
    }

    @Test
    void everyCompletedAppend_isRecoveredAfterAKill() throws Exception {
        List<CompletableFuture<AppendResult>> stages = new ArrayList<>();
        for (int i = 0; i < APPENDS; i++) {
            stages.add(store.appendAsync(message(i)).toCompletableFuture());
        }
        for (CompletableFuture<AppendResult> stage : stages) {
            assertThat(completed(stage).status()).isEqualTo(AppendStatus.PUT_OK);
        }

        store.abandon();
        store = openStore();

        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(APPENDS);
        assertThat(store.read(TOPIC, 0, APPENDS - 1, 1, MessageFilter.ALL).messages()).hasSize(1);
    }
}
