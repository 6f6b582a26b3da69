package io.hexmq.client.internal.push;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PushConsumerThreadsTest {

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
    private final PushConsumerThreads threads;

    PushConsumerThreadsTest() {
        scheduler.setRemoveOnCancelPolicy(true);
        threads = new PushConsumerThreads("G", 2, scheduler);
    }

    @AfterEach
    void stopAll() {
        threads.stop();
        scheduler.shutdownNow();
    }

    @Test
    void namesItsDaemonThreadsAfterTheGroup() throws Exception {
        CompletableFuture<Thread> rebalance = new CompletableFuture<>();
        CompletableFuture<Thread> consume = new CompletableFuture<>();

        threads.onRebalanceThread(() -> rebalance.complete(Thread.currentThread()));
        threads.onConsumeThread(() -> consume.complete(Thread.currentThread()));

        assertThat(rebalance.get(5, TimeUnit.SECONDS).getName()).isEqualTo("hexmq-consumer-rebalance-G-1");
        assertThat(consume.get(5, TimeUnit.SECONDS).getName()).isEqualTo("hexmq-consumer-G-1");
        assertThat(rebalance.get().isDaemon()).isTrue();
        assertThat(consume.get().isDaemon()).isTrue();
    }

    @Test
    void stop_cancelsThePeriodicTasks_andSchedulesNoDelayedTaskAfterwards() {
        threads.every(() -> { }, 60_000);
        threads.every(() -> { }, 60_000);
        assertThat(scheduler.getQueue()).hasSize(2);

        threads.stop();
        threads.later(() -> { }, 1);

        assertThat(scheduler.getQueue()).isEmpty();
    }

    @Test
    void stop_waitsForTheListenerCallThatIsRunning() throws Exception {
        AtomicBoolean finished = new AtomicBoolean();
        CompletableFuture<Void> running = new CompletableFuture<>();
        threads.onConsumeThread(() -> {
            running.complete(null);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!threads.isStopped() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            finished.set(true);
        });
        running.get(5, TimeUnit.SECONDS);

        threads.stop();

        assertThat(finished).isTrue();
    }

    @Test
    void dropsTasksHandedInAfterStop_andStopsOnlyOnce() {
        AtomicInteger ran = new AtomicInteger();

        assertThat(threads.stop()).isTrue();
        threads.onRebalanceThread(ran::incrementAndGet);
        threads.onConsumeThread(ran::incrementAndGet);

        assertThat(threads.stop()).isFalse();
        assertThat(threads.isStopped()).isTrue();
        assertThat(ran).hasValue(0);
    }

    @Test
    void keepsTheRebalanceThreadAfterATaskThrows() throws Exception {
        CompletableFuture<Thread> next = new CompletableFuture<>();

        threads.onRebalanceThread(() -> {
            throw new IllegalStateException("a failing rebalance");
        });
        threads.onRebalanceThread(() -> next.complete(Thread.currentThread()));

        assertThat(next.get(5, TimeUnit.SECONDS).getName()).isEqualTo("hexmq-consumer-rebalance-G-1");
    }
}
