package io.hexmq.adapters.file.commitlog;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit for {@code SYNC_FLUSH}: appenders wait until the commit log's flushed offset covers
 * theirs, and the flush thread waits until an appender asks.
 *
 * <p>Two promises, both kept by state rather than by signals alone, so no wake-up is lost:
 * <ul>
 *   <li>Every flush, whoever does it (the flush thread, the checkpoint, a shutdown), reports through
 *       {@link #flushed}, which releases at once every waiter it covers. One force therefore serves all
 *       the appends written before it.</li>
 *   <li>An appender records the offset it needs before it waits; {@link #awaitRequest} returns as soon
 *       as a recorded offset is beyond the flushed one, also when the request came in while the flush
 *       thread was busy. Appenders that arrive during a flush are served together by the next one.</li>
 * </ul>
 */
public final class GroupCommit {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition flushedCondition = lock.newCondition();
    private final Condition requestedCondition = lock.newCondition();
    private volatile long flushed;
    private long requested;
    private int waiting;
    private boolean closed;

    GroupCommit() {
    }

    /**
     * Waits until a flush covers {@code offset}, first asking the flush thread for one; false on timeout
     * or when {@link #close closed} first.
     */
    public boolean awaitFlushed(long offset, long timeoutNanos) {
        if (flushed >= offset) {
            return true;
        }
        long remaining = timeoutNanos;
        lock.lock();
        try {
            if (offset > requested) {
                requested = offset;
                requestedCondition.signal();
            }
            waiting++;
            try {
                while (flushed < offset) {
                    if (closed || remaining <= 0) {
                        return false;
                    }
                    remaining = flushedCondition.awaitNanos(remaining);
                }
                return true;
            } finally {
                waiting--;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return flushed >= offset;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The flush thread's wait: returns true as soon as an appender waits for an offset beyond the flushed
     * one (at once if one already does), false after {@code timeoutNanos} or when closed.
     */
    public boolean awaitRequest(long timeoutNanos) throws InterruptedException {
        long remaining = timeoutNanos;
        lock.lock();
        try {
            while (requested <= flushed) {
                if (closed || remaining <= 0) {
                    return false;
                }
                remaining = requestedCondition.awaitNanos(remaining);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Everything below {@code offset} is on disk: releases every waiter that offset covers. */
    void flushed(long offset) {
        lock.lock();
        try {
            if (offset > flushed) {
                flushed = offset;
                flushedCondition.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Releases every waiter (those not yet covered get false) and the flush thread, now and later. */
    public void close() {
        lock.lock();
        try {
            closed = true;
            flushedCondition.signalAll();
            requestedCondition.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Appenders waiting now (tests). */
    public int waiting() {
        lock.lock();
        try {
            return waiting;
        } finally {
            lock.unlock();
        }
    }
}
