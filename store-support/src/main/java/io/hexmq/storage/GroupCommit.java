package io.hexmq.storage;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit for {@code SYNC_FLUSH} without a thread per append, for a store with one flush thread: an
 * append that is written and readable leaves a waiter here (the log position just past it, a deadline, its
 * stage) and returns; whoever flushes completes, lowest position first, every waiter its flush covers. One
 * force therefore answers all the appends written before it, and no appending thread is parked meanwhile.
 * Positions are the store's own (a commit-log offset); they only grow.
 *
 * <p>Kept by state rather than by signals alone, so no wake-up is lost:
 * <ul>
 *   <li>Every flush, whoever does it (the flush thread, a checkpoint, a shutdown), reports through
 *       {@link #flushed}, which takes out every waiter at or below the flushed position; a flush that
 *       failed reports through {@link #failed}, which answers the waiters it would have covered as
 *       {@link AppendStatus#FLUSH_DISK_TIMEOUT}.</li>
 *   <li>{@link #awaitRequest} (the flush thread's wait) returns as soon as a waiter is queued, also when
 *       it was queued while the flush thread was busy: waiters that arrive during a flush are served
 *       together by the next one.</li>
 *   <li>A waiter whose deadline passed is completed with FLUSH_DISK_TIMEOUT by {@link #expire}, which the
 *       flush thread calls after every flush attempt, and which each new waiter does on its way in, so a
 *       stuck force still times out the appends behind it while others arrive. Expiry takes waiters from
 *       the lowest position up: they were queued in about that order, so a waiter may time out a little
 *       late, never early.</li>
 * </ul>
 * Stages are completed outside the lock on the thread that flushed or expired; what a caller attaches to
 * them runs there and must not block.
 */
public final class GroupCommit {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition requestedCondition = lock.newCondition();
    private final PriorityQueue<Waiter> waiters = new PriorityQueue<>();
    private volatile long flushed;
    private boolean closed;

    public GroupCommit() {
    }

    /** For a store whose waiters never time out by the clock (only a failed flush answers them early). */
    public static final long NO_DEADLINE = Long.MAX_VALUE;

    /** One append waiting for the flush that covers its end. */
    private record Waiter(long end, long deadlineMillis, AppendResult stored, CompletableFuture<AppendResult> stage)
        implements Comparable<Waiter> {

        @Override
        public int compareTo(Waiter other) {
            return Long.compare(end, other.end);
        }

        void completeFlushed() {
            stage.complete(stored);
        }

        void completeTimedOut() {
            stage.complete(timedOut(stored));
        }
    }

    /** A stored append's result as told when its flush did not come in time: stored, maybe not on disk. */
    public static AppendResult timedOut(AppendResult stored) {
        return new AppendResult(AppendStatus.FLUSH_DISK_TIMEOUT, "", stored.queueOffset(), stored.commitLogOffset(),
            stored.wroteBytes(), stored.msgIds(), stored.storeTimestamp());
    }

    /**
     * A stage completed with {@code stored} once a flush covers {@code end}, or with the same result as
     * {@link AppendStatus#FLUSH_DISK_TIMEOUT} once {@code deadlineMillis} has passed (or when {@link #close
     * closed}) first. Already complete when the log is flushed that far. {@code nowMillis}, on the same
     * clock as the deadline, lets this call time out older waiters on its way in.
     */
    public CompletableFuture<AppendResult> whenFlushed(long end, AppendResult stored, long deadlineMillis,
                                                       long nowMillis) {
        if (flushed >= end) {
            return CompletableFuture.completedFuture(stored);
        }
        Waiter waiter = new Waiter(end, deadlineMillis, stored, new CompletableFuture<>());
        List<Waiter> overdue;
        lock.lock();
        try {
            if (flushed >= end) {
                return CompletableFuture.completedFuture(stored);
            }
            if (closed) {
                waiter.completeTimedOut();
                return waiter.stage();
            }
            waiters.add(waiter);
            requestedCondition.signal();
            overdue = takeOverdue(nowMillis);
        } finally {
            lock.unlock();
        }
        overdue.forEach(Waiter::completeTimedOut);
        return waiter.stage();
    }

    /**
     * The flush thread's wait: returns true as soon as a waiter is queued (at once if one already is),
     * false after {@code timeoutNanos} or when closed.
     */
    public boolean awaitRequest(long timeoutNanos) throws InterruptedException {
        long remaining = timeoutNanos;
        lock.lock();
        try {
            while (waiters.isEmpty()) {
                if (closed || remaining <= 0) {
                    return false;
                }
                remaining = requestedCondition.awaitNanos(remaining);
            }
            return !closed;
        } finally {
            lock.unlock();
        }
    }

    /** Everything below {@code offset} is on disk: completes every waiter that offset covers, lowest first. */
    public void flushed(long offset) {
        List<Waiter> covered = new ArrayList<>();
        lock.lock();
        try {
            if (offset <= flushed) {
                return;
            }
            flushed = offset;
            while (!waiters.isEmpty() && waiters.peek().end() <= offset) {
                covered.add(waiters.poll());
            }
        } finally {
            lock.unlock();
        }
        covered.forEach(Waiter::completeFlushed);
    }

    /**
     * A flush meant to reach {@code offset} failed: the waiters it would have covered are answered
     * FLUSH_DISK_TIMEOUT (stored, not known to be on disk) rather than left for a later flush.
     */
    public void failed(long offset) {
        List<Waiter> uncertain = new ArrayList<>();
        lock.lock();
        try {
            while (!waiters.isEmpty() && waiters.peek().end() <= offset) {
                uncertain.add(waiters.poll());
            }
        } finally {
            lock.unlock();
        }
        uncertain.forEach(Waiter::completeTimedOut);
    }

    /** Completes with FLUSH_DISK_TIMEOUT the waiters whose deadline is at or before {@code nowMillis}. */
    public void expire(long nowMillis) {
        List<Waiter> overdue;
        lock.lock();
        try {
            overdue = takeOverdue(nowMillis);
        } finally {
            lock.unlock();
        }
        overdue.forEach(Waiter::completeTimedOut);
    }

    /** Guarded by {@link #lock}. */
    private List<Waiter> takeOverdue(long nowMillis) {
        if (waiters.isEmpty() || waiters.peek().deadlineMillis() > nowMillis) {
            return List.of();
        }
        List<Waiter> overdue = new ArrayList<>();
        while (!waiters.isEmpty() && waiters.peek().deadlineMillis() <= nowMillis) {
            overdue.add(waiters.poll());
        }
        return overdue;
    }

    /**
     * Completes every waiter not yet covered with FLUSH_DISK_TIMEOUT and releases the flush thread, now and
     * later; a waiter arriving afterwards is timed out at once unless already covered.
     */
    public void close() {
        List<Waiter> left = new ArrayList<>();
        lock.lock();
        try {
            closed = true;
            while (!waiters.isEmpty()) {
                left.add(waiters.poll());
            }
            requestedCondition.signalAll();
        } finally {
            lock.unlock();
        }
        left.forEach(Waiter::completeTimedOut);
    }

    /** Appends waiting now (tests). */
    public int waiting() {
        lock.lock();
        try {
            return waiters.size();
        } finally {
            lock.unlock();
        }
    }
}
