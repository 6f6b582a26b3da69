package io.hexmq.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The waiters of SYNC_FLUSH appends, completed by the flushes that cover them; time is given by hand. */
class GroupCommitTest {

    private static final long NOW = 1_000;
    private static final long TIMEOUT = 5_000;

    private final GroupCommit groupCommit = new GroupCommit();
    private final List<Long> completed = new CopyOnWriteArrayList<>();

    /** A written append ending at {@code end}; its msgId names its end so completions can be told apart. */
    private static AppendResult written(long end) {
        return new AppendResult(AppendStatus.PUT_OK, "", 0, end - 10, 10, List.of(Long.toString(end)), NOW);
    }

    private CompletableFuture<AppendResult> waitFor(long end, long nowMillis) {
        return groupCommit.whenFlushed(end, written(end), nowMillis + TIMEOUT, nowMillis)
            .whenComplete((result, failure) -> completed.add(Long.parseLong(result.msgId())));
    }

    @Test
    void oneFlush_completesEveryWaiterItCovers_lowestFirst_whateverOrderTheyCameIn() {
        CompletableFuture<AppendResult> third = waitFor(300, NOW);
        CompletableFuture<AppendResult> first = waitFor(100, NOW);
        CompletableFuture<AppendResult> second = waitFor(200, NOW);
        CompletableFuture<AppendResult> beyond = waitFor(400, NOW);

        groupCommit.flushed(300);

        assertThat(completed).containsExactly(100L, 200L, 300L);
        assertThat(List.of(first, second, third)).allSatisfy(stage ->
            assertThat(stage.join().status()).isEqualTo(AppendStatus.PUT_OK));
        assertThat(beyond).isNotDone();
        assertThat(groupCommit.waiting()).isEqualTo(1);
    }

    @Test
    void waiterAlreadyCovered_isCompleteAtOnce_withoutBeingQueued() {
        groupCommit.flushed(500);

        assertThat(waitFor(200, NOW)).isCompletedWithValue(written(200));
        assertThat(groupCommit.waiting()).isZero();
    }

    @Test
    void failedFlush_answersTheWaitersItWasFor_asFlushDiskTimeout_keepingWhereTheyWereStored() {
        CompletableFuture<AppendResult> covered = waitFor(100, NOW);
        CompletableFuture<AppendResult> later = waitFor(200, NOW);

        groupCommit.failed(150);

        AppendResult unsure = covered.join();
        assertThat(unsure.status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(unsure.commitLogOffset()).isEqualTo(90);
        assertThat(unsure.msgIds()).containsExactly("100");
        assertThat(later).isNotDone();
        groupCommit.flushed(200);
        assertThat(later.join().status()).isEqualTo(AppendStatus.PUT_OK);
    }

    @Test
    void waiterPastItsDeadline_timesOut_byTheFlushThreadsExpiryOrByTheNextWaiter() {
        CompletableFuture<AppendResult> first = waitFor(100, NOW);
        CompletableFuture<AppendResult> second = waitFor(200, NOW + 1);

        groupCommit.expire(NOW + TIMEOUT - 1);
        assertThat(first).isNotDone();
        groupCommit.expire(NOW + TIMEOUT);
        assertThat(first.join().status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(second).isNotDone();

        CompletableFuture<AppendResult> third = waitFor(300, NOW + 1 + TIMEOUT);

        assertThat(second.join().status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(third).isNotDone();
    }

    @Test
    void close_timesOutEveryWaiter_andEveryLaterOneNotCoveredAlready() throws Exception {
        CompletableFuture<AppendResult> waiting = waitFor(100, NOW);
        groupCommit.flushed(50);

        groupCommit.close();

        assertThat(waiting.join().status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(waitFor(200, NOW).join().status()).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
        assertThat(waitFor(40, NOW).join().status()).isEqualTo(AppendStatus.PUT_OK);
        assertThat(groupCommit.awaitRequest(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void flushThreadsWait_endsAtOnceWhileAWaiterIsQueued_andTimesOutWhenNoneIs() throws Exception {
        assertThat(groupCommit.awaitRequest(0)).isFalse();

        waitFor(100, NOW);

        assertThat(groupCommit.awaitRequest(Long.MAX_VALUE)).isTrue();
        groupCommit.flushed(100);
        assertThat(groupCommit.awaitRequest(0)).isFalse();
    }
}
