package io.hexmq.bootstrap.lifecycle;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A fixed pool that can say how long its queue is and how long the task at its head has waited:
 * the figures GET_BROKER_RUNTIME_INFO reports as send/pull thread-pool queue size and head wait.
 */
public final class MeasuredExecutor extends ThreadPoolExecutor {

    /** A queued task with the time it was handed over. */
    private record Timed(Runnable task, long enqueuedNanos) implements Runnable {
        @Override
        public void run() {
            task.run();
        }
    }

    MeasuredExecutor(int threads, ThreadFactory threadFactory) {
        super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), threadFactory);
    }

    @Override
    public void execute(Runnable command) {
        super.execute(new Timed(command, System.nanoTime()));
    }

    public long queueSize() {
        return getQueue().size();
    }

    /** How many tasks the queue holds at most: unbounded, so Integer.MAX_VALUE, as an unbounded queue says. */
    public long queueCapacity() {
        return (long) getQueue().size() + getQueue().remainingCapacity();
    }

    public long headWaitMillis() {
        Runnable head = getQueue().peek();
        if (head instanceof Timed timed) {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - timed.enqueuedNanos());
        }
        return 0;
    }
}
