package io.hexmq.adapters.ratis.apply;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the calls into the broker's side one at a time, without a thread hand-off per entry: applies run
 * inline on Ratis's own applier thread, everything else (role changes, installations, periodic work) on the
 * entries thread; one lock orders the two, so no calls overlap and each happens-before the next. A
 * hand-off costs two futex calls and a context switch, each one a trip through the hypervisor on a
 * virtual machine, and an entry used to take two of them on every replica.
 */
final class SerialCalls {

    private static final Logger LOG = LoggerFactory.getLogger(SerialCalls.class);

    private final ReentrantLock lock = new ReentrantLock();
    private final Executor entriesThread;

    SerialCalls(Executor entriesThread) {
        this.entriesThread = entriesThread;
    }

    /** Runs {@code work} on the calling thread, once no other call runs. */
    void now(Runnable work) {
        lock.lock();
        try {
            work.run();
        } finally {
            lock.unlock();
        }
    }

    <T> T now(Supplier<T> work) {
        lock.lock();
        try {
            return work.get();
        } finally {
            lock.unlock();
        }
    }

    /** Runs {@code work} on the entries thread, once no other call runs; dropped once that thread stopped. */
    void later(Runnable work) {
        try {
            entriesThread.execute(() -> now(work));
        } catch (RejectedExecutionException e) {
            LOG.debug("the entries thread is stopped; dropping late work", e);
        }
    }
}
