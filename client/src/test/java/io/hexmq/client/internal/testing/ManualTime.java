package io.hexmq.client.internal.testing;

import io.hexmq.client.internal.instance.ClientClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Time that moves only when a test says so, and executors whose tasks run only then, on the test's
 * thread: {@link #runDue()} runs what is due now, {@link #advance(Duration)} moves the clock and runs
 * what falls due on the way, in due order. Nothing runs by itself, so a test sees every step.
 *
 * <p>One test thread drives it; other threads may hand tasks in (they wait for the driver).
 */
public final class ManualTime implements ClientClock {

    private static final long START_MILLIS = 1_700_000_000_000L;

    private final PriorityQueue<Task<?>> queue = new PriorityQueue<>(
            Comparator.comparingLong((Task<?> task) -> task.dueNanos).thenComparingLong(task -> task.sequence));
    private long nanos;
    private long sequence;

    @Override
    public synchronized long millis() {
        return START_MILLIS + TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    @Override
    public synchronized long nanos() {
        return nanos;
    }

    /** A new executor on this time; its tasks wait for {@link #runDue()} or {@link #advance}. */
    public Executor executor() {
        return new Executor();
    }

    /** Runs every task due now, including those the tasks hand in for now; returns how many ran. */
    public synchronized int runDue() {
        int ran = 0;
        while (!queue.isEmpty() && queue.peek().dueNanos <= nanos) {
            queue.poll().fire();
            ran++;
        }
        return ran;
    }

    /** Moves the clock by {@code duration}, running each task when its time comes. */
    public synchronized void advance(Duration duration) {
        long target = nanos + duration.toNanos();
        while (!queue.isEmpty() && queue.peek().dueNanos <= target) {
            Task<?> task = queue.poll();
            nanos = Math.max(nanos, task.dueNanos);
            task.fire();
        }
        nanos = target;
    }

    /** Tasks waiting, due or not. */
    public synchronized int pending() {
        return queue.size();
    }

    /** How long until the next task is due, if any waits. */
    public synchronized Duration untilNextTask() {
        return queue.isEmpty() ? Duration.ZERO : Duration.ofNanos(Math.max(0, queue.peek().dueNanos - nanos));
    }

    /** An executor (and scheduler) whose tasks run when the {@link ManualTime} is driven. */
    public final class Executor extends AbstractExecutorService implements ScheduledExecutorService {

        private boolean shutdown;

        @Override
        public void execute(Runnable command) {
            enqueue(new Task<>(this, command, 0, 0));
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            return enqueue(new Task<>(this, command, unit.toNanos(delay), 0));
        }

        @Override
        public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
            return enqueue(new Task<>(this, callable, unit.toNanos(delay)));
        }

        @Override
        public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period,
                                                      TimeUnit unit) {
            return enqueue(new Task<>(this, command, unit.toNanos(initialDelay), unit.toNanos(period)));
        }

        @Override
        public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
                                                         TimeUnit unit) {
            return enqueue(new Task<>(this, command, unit.toNanos(initialDelay), unit.toNanos(delay)));
        }

        /** Periodic tasks of this executor waiting in the queue. */
        public List<Duration> periods() {
            synchronized (ManualTime.this) {
                List<Duration> periods = new ArrayList<>();
                queue.stream().filter(task -> task.owner == this && task.periodNanos > 0)
                        .forEach(task -> periods.add(Duration.ofNanos(task.periodNanos)));
                return periods;
            }
        }

        @Override
        public void shutdown() {
            synchronized (ManualTime.this) {
                shutdown = true;
                queue.removeIf(task -> task.owner == this && task.periodNanos > 0);
            }
        }

        @Override
        public List<Runnable> shutdownNow() {
            synchronized (ManualTime.this) {
                shutdown = true;
                List<Runnable> dropped = new ArrayList<>();
                queue.removeIf(task -> task.owner == this && dropped.add(task));
                return dropped;
            }
        }

        @Override
        public boolean isShutdown() {
            synchronized (ManualTime.this) {
                return shutdown;
            }
        }

        @Override
        public boolean isTerminated() {
            synchronized (ManualTime.this) {
                return shutdown && queue.stream().noneMatch(task -> task.owner == this);
            }
        }

        /** Lets this executor's tasks that are due finish, as a pool's threads would, and reports whether none is left. */
        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            synchronized (ManualTime.this) {
                List<Task<?>> due = queue.stream().filter(task -> task.owner == this && task.dueNanos <= nanos)
                        .toList();
                due.forEach(task -> {
                    queue.remove(task);
                    task.fire();
                });
                return isTerminated();
            }
        }

        private <V> Task<V> enqueue(Task<V> task) {
            synchronized (ManualTime.this) {
                if (shutdown) {
                    throw new RejectedExecutionException("shut down");
                }
                task.dueNanos += nanos;
                task.sequence = sequence++;
                queue.add(task);
                return task;
            }
        }
    }

    private final class Task<V> extends FutureTask<V> implements ScheduledFuture<V> {

        private final Executor owner;
        private final long periodNanos;
        private long sequence;
        /** The delay until the first run, then when the task is due. */
        private long dueNanos;

        Task(Executor owner, Runnable command, long delayNanos, long periodNanos) {
            super(command, null);
            this.owner = owner;
            this.dueNanos = delayNanos;
            this.periodNanos = periodNanos;
        }

        Task(Executor owner, Callable<V> callable, long delayNanos) {
            super(callable);
            this.owner = owner;
            this.dueNanos = delayNanos;
            this.periodNanos = 0;
        }

        void fire() {
            if (periodNanos == 0) {
                run();
            } else if (runAndReset() && !owner.shutdown) {
                dueNanos = nanos + periodNanos;
                queue.add(this);
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            synchronized (ManualTime.this) {
                queue.remove(this);
            }
            return super.cancel(mayInterruptIfRunning);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - nanos(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
        }
    }
}
