package io.hexmq.adapters.chronicle;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.application.store.BoundedPoll;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.StorageException;
import io.hexmq.storage.FlushDiskType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SYNC_FLUSH forces the log before an append is acknowledged, once per group of appends, on the flush thread
 * and without holding the appending thread; counted (and held) through the seam.
 */
class ChronicleSyncFlushTest {

    private static final HostAddress STORE_HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10911);
    private static final String TOPIC = "TopicTest";
    private static final long BOUND_SECONDS = 10;
    private static final int HOUR_MILLIS = 3_600_000;

    @TempDir
    Path root;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final AtomicInteger syncs = new AtomicInteger();
    private final ExecutorService appenders = Executors.newCachedThreadPool();
    private ChronicleMessageStore store;

    @AfterEach
    void close() {
        appenders.shutdownNow();
        if (store != null) {
            store.shutdown();
        }
    }

    private ChronicleMessageStore open(FlushDiskType flushDiskType, DiskSync diskSync) {
        ChronicleStoreSettings settings = TestStores.settings(root).withFlushDiskType(flushDiskType)
            .withFlushIntervalCommitLog(HOUR_MILLIS);
        store = new ChronicleMessageStore(settings, STORE_HOST, clock, diskSync, new TestStores.Disk());
        store.start();
        return store;
    }

    private DiskSync counting() {
        return log -> {
            syncs.incrementAndGet();
            log.flush();
        };
    }

    private final CountDownLatch firstSyncEntered = new CountDownLatch(1);
    private final CountDownLatch releaseFirstSync = new CountDownLatch(1);

    /** Counts the syncs and holds the first one until {@link #releaseFirstSync}. */
    private DiskSync holdingTheFirstSync() {
        return log -> {
            if (syncs.incrementAndGet() == 1) {
                firstSyncEntered.countDown();
                awaitQuietly(releaseFirstSync);
            }
            log.flush();
        };
    }

    private static Message message(String body) {
        return Message.builder(TOPIC, 0, body.getBytes(StandardCharsets.UTF_8)).build();
    }

    private static void pollUntil(BooleanSupplier condition) {
        BoundedPoll.until(condition, BOUND_SECONDS);
    }

    @Test
    void syncFlush_forcesTheLogBeforeEachAppendReturns() {
        open(FlushDiskType.SYNC_FLUSH, counting());

        for (int i = 1; i <= 5; i++) {
            AppendResult result = store.append(message("m" + i));

            assertThat(result.status()).isEqualTo(AppendStatus.PUT_OK);
            assertThat(syncs).as("syncs after append %d", i).hasValue(i);
        }
        assertThat(store.appendBatch(List.of(message("b1"), message("b2"))).status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(syncs).as("one sync for a whole batch").hasValue(6);
    }

    @Test
    void syncFlush_oneForceServesEveryAppendWrittenBeforeIt() throws Exception {
        open(FlushDiskType.SYNC_FLUSH, holdingTheFirstSync());
        Future<AppendResult> leader = appenders.submit(() -> store.append(message("leader")));
        assertThat(firstSyncEntered.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        List<Future<AppendResult>> group = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String body = "follower" + i;
            group.add(appenders.submit(() -> store.append(message(body))));
        }
        pollUntil(() -> store.maxOffset(TOPIC, 0) == 4);

        releaseFirstSync.countDown();

        assertThat(leader.get(BOUND_SECONDS, TimeUnit.SECONDS).status()).isEqualTo(AppendStatus.PUT_OK);
        for (Future<AppendResult> follower : group) {
            assertThat(follower.get(BOUND_SECONDS, TimeUnit.SECONDS).status()).isEqualTo(AppendStatus.PUT_OK);
        }
        assertThat(syncs).as("the leader's force, then one for the three written while it ran").hasValue(2);
    }

    @Test
    void syncFlush_answersFlushDiskTimeout_whenTheForceFails() {
        open(FlushDiskType.SYNC_FLUSH, log -> {
            if (syncs.incrementAndGet() == 1) {
                throw new StorageException("disk gone");
            }
            log.flush();
        });

        assertThat(store.append(message("unsure")).status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(store.append(message("sure")).status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void syncFlush_asyncAppendsReturnOnceWritten_andCompleteInOffsetOrderWhenTheForceCoversThem() throws Exception {
        open(FlushDiskType.SYNC_FLUSH, holdingTheFirstSync());
        List<Long> completionOrder = new CopyOnWriteArrayList<>();
        List<CompletableFuture<AppendResult>> stages = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            stages.add(store.appendAsync(message("m" + i)).toCompletableFuture()
                .whenComplete((result, failure) -> completionOrder.add(result.queueOffset())));
        }
        assertThat(firstSyncEntered.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();

        assertThat(stages).allSatisfy(stage -> assertThat(stage).isNotDone());
        assertThat(store.maxOffset(TOPIC, 0)).as("written and readable before any force ended").isEqualTo(10);
        releaseFirstSync.countDown();

        for (CompletableFuture<AppendResult> stage : stages) {
            assertThat(stage.get(BOUND_SECONDS, TimeUnit.SECONDS).status()).isEqualTo(AppendStatus.PUT_OK);
        }
        assertThat(completionOrder).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(syncs.get()).as("the held force, then one for what was written meanwhile").isLessThanOrEqualTo(2);
    }

    @Test
    void syncFlush_appendsAttachedToAStage_completeToo_evenBlockingOnesOnTheFlushThread() throws Exception {
        open(FlushDiskType.SYNC_FLUSH, counting());

        AppendResult last = store.appendAsync(message("first"))
            .thenCompose(first -> store.appendAsync(message("second")))
            .thenApply(second -> store.append(message("third")))
            .toCompletableFuture().get(BOUND_SECONDS, TimeUnit.SECONDS);

        assertThat(last.status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(3);
    }

    @Test
    void syncFlush_asyncAppend_completesWithFlushDiskTimeout_whenTheForceFails() throws Exception {
        open(FlushDiskType.SYNC_FLUSH, log -> {
            if (syncs.incrementAndGet() == 1) {
                throw new StorageException("disk gone");
            }
            log.flush();
        });

        AppendResult unsure = store.appendAsync(message("unsure")).toCompletableFuture()
            .get(BOUND_SECONDS, TimeUnit.SECONDS);

        assertThat(unsure.status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(unsure.queueOffset()).isZero();
        assertThat(store.maxOffset(TOPIC, 0)).as("stored all the same").isEqualTo(1);
    }

    @Test
    void asyncFlush_acknowledgesWithoutForcing() {
        open(FlushDiskType.ASYNC_FLUSH, counting());

        for (int i = 0; i < 5; i++) {
            assertThat(store.append(message("m" + i)).status()).isEqualTo(AppendStatus.PUT_OK);
        }
        assertThat(syncs).hasValue(0);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            assertThat(latch.await(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
