package io.hexmq.application.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.application.fakes.InMemoryConsumerOffsetStore;
import io.hexmq.application.fakes.InMemoryPopStateStore;
import io.hexmq.application.store.BoundedPoll;
import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoint;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class PopLedgerTest {

    /** Only a bound: a failing run waits this long; a loaded CI machine once took longer than 10 s to schedule. */
    private static final long BOUND_SECONDS = 60;

    /** A store whose first write waits until the test lets it go, as a slow disk would, and can be made to fail. */
    private static final class SlowFirstSave implements PopStateStore {

        final InMemoryPopStateStore saved = new InMemoryPopStateStore();
        final CountDownLatch firstSaveStarted = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean failing;

        @Override
        public PopState load() {
            return saved.load();
        }

        @Override
        public void save(PopState state) {
            waitOnFirstWrite();
            saved.save(state);
        }

        @Override
        public void append(List<PopChange> changes) {
            waitOnFirstWrite();
            saved.append(changes);
        }

        private void waitOnFirstWrite() {
            if (failing) {
                throw new StorageException("the disk refused it");
            }
            if (firstSaveStarted.getCount() > 0) {
                firstSaveStarted.countDown();
                await(release);
            }
        }
    }

    private final SlowFirstSave store = new SlowFirstSave();
    private final PopLedger ledger = new PopLedger(new PopCheckpoints(List.of()), store,
            new ConsumerOffsets(new InMemoryConsumerOffsetStore().load()));

    @Test
    void changesThatComeDuringASave_shareTheNextSave_andEachIsSavedBeforeItReturns() throws Exception {
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> ledger.change(add(0)));
        await(store.firstSaveStarted);
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> ledger.change(add(1)));
        CompletableFuture<Boolean> third = CompletableFuture.supplyAsync(() -> ledger.change(add(2)));
        BoundedPoll.until(() -> ledger.checkpoints().size() == 3, BOUND_SECONDS);
        assertThat(second).isNotDone();
        assertThat(third).isNotDone();

        store.release.countDown();

        assertThat(CompletableFuture.allOf(first, second, third).thenApply(done -> true)
                .get(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(store.load().checkpoints()).hasSize(3);
        assertThat(store.saved.saves()).isEqualTo(2);
    }

    @Test
    void writesOnlyTheChanges_untilTheyOutgrowTheStateInFlight_thenSavesTheWholeState() {
        store.release.countDown();
        for (long offset = 0; offset < 20_000; offset++) {
            ledger.change(add(offset));
            long acked = offset;
            ledger.change(inFlight -> inFlight.remove(new GroupName("cg"), new TopicName("T"), 0, acked, 0)
                    .isPresent());
        }

        assertThat(store.saved.saves()).isEqualTo(40_000);
        assertThat(store.saved.snapshots()).as("one snapshot after a little over 16,384 changes").isEqualTo(2);
        assertThat(store.load().checkpoints()).isEmpty();
    }

    @Test
    void afterAFailedWrite_theNextWriteSavesTheWholeState_withTheChangeThatFailed() {
        store.release.countDown();
        ledger.change(add(0));
        store.failing = true;
        assertThatThrownBy(() -> ledger.change(add(1))).isInstanceOf(StorageException.class);
        store.failing = false;

        ledger.change(add(2));

        assertThat(store.saved.snapshots()).isEqualTo(1);
        assertThat(store.load().checkpoints()).extracting(PopCheckpoint::offset).containsExactly(0L, 1L, 2L);
    }

    @Test
    void theFirstWriteAfterRecovery_savesTheWholeState() {
        store.release.countDown();
        ledger.change(add(0));
        PopLedger restarted = new PopLedger(new PopCheckpoints(List.of()), store,
                new ConsumerOffsets(new InMemoryConsumerOffsetStore().load()));
        restarted.recover();

        restarted.change(add(1));

        assertThat(store.saved.snapshots()).isEqualTo(1);
        assertThat(store.load().checkpoints()).extracting(PopCheckpoint::offset).containsExactly(0L, 1L);
    }

    @Test
    void aChangeThatChangesNothing_isNotSaved() {
        assertThat(ledger.change(inFlight -> false)).isFalse();
        assertThat(store.saved.saves()).isZero();
    }

    private static Predicate<PopCheckpoints> add(long offset) {
        return inFlight -> {
            inFlight.add(List.of(PopCheckpoint.unordered(new GroupName("cg"), new TopicName("T"), 0, offset, 0, 1)));
            return true;
        };
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(BOUND_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
