package io.hexmq.client.internal.push;

import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.relay.QueueSnapshot;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One assigned queue of a push consumer: the pulled messages not yet consumed (by queue offset), and
 * the queue's state: dropped by a rebalance, and for orderly consumers the broker lock and the lock
 * that lets one thread at a time consume it.
 *
 * <p>The offset to commit is the smallest one still cached, or one past the highest pulled when
 * nothing is: everything below it has been consumed.
 */
final class ProcessQueue {

    /** A broker keeps a lock 60 s; the client trusts its own for 30 s (protocol.md §2.3.11). */
    static final long LOCK_TRUST_MILLIS = 30_000;

    private final MessageQueue queue;
    private final TreeMap<Long, ReceivedMessage> cached = new TreeMap<>();
    private long highestOffset = -1;
    private volatile boolean dropped;
    private volatile boolean started;
    private volatile long lockedAtMillis = -1;
    private final ReentrantLock consumeLock = new ReentrantLock();
    private final AtomicBoolean consumeScheduled = new AtomicBoolean();
    private int headAttempts;
    private final AtomicLong pulls = new AtomicLong();
    private final AtomicLong flowControlPauses = new AtomicLong();
    private volatile long lastPullMillis;
    private long lastConsumeMillis;
    private long cachedBytes;

    ProcessQueue(MessageQueue queue) {
        this.queue = queue;
    }

    MessageQueue queue() {
        return queue;
    }

    synchronized void add(List<ReceivedMessage> messages) {
        for (ReceivedMessage message : messages) {
            if (cached.put(message.queueOffset(), message) == null) {
                cachedBytes += message.body().length;
            }
            highestOffset = Math.max(highestOffset, message.queueOffset());
        }
    }

    synchronized int size() {
        return cached.size();
    }

    /**
     * Removes a consumed message, consumed at {@code nowMillis}; returns the offset now safe to commit,
     * or -1 if nothing was ever cached.
     */
    synchronized long remove(ReceivedMessage message, long nowMillis) {
        ReceivedMessage removed = cached.remove(message.queueOffset());
        if (removed != null) {
            cachedBytes -= removed.body().length;
            lastConsumeMillis = nowMillis;
        }
        if (!cached.isEmpty()) {
            return cached.firstKey();
        }
        return highestOffset < 0 ? -1 : highestOffset + 1;
    }

    /** The cached message with the smallest offset (orderly consumption), or null. */
    synchronized ReceivedMessage head() {
        var first = cached.firstEntry();
        return first == null ? null : first.getValue();
    }

    /** Counts a failed attempt at the head message (orderly); returns the attempts so far. */
    synchronized int failedHeadAttempt() {
        return ++headAttempts;
    }

    synchronized void resetHeadAttempts() {
        headAttempts = 0;
    }

    /** Counts a PULL_MESSAGE sent for this queue at {@code nowMillis}. */
    void pulled(long nowMillis) {
        pulls.incrementAndGet();
        lastPullMillis = nowMillis;
    }

    long pulls() {
        return pulls.get();
    }

    /** Counts a pull put off because too many messages are cached. */
    void pausedByFlowControl() {
        flowControlPauses.incrementAndGet();
    }

    long flowControlPauses() {
        return flowControlPauses.get();
    }

    /** The start offset is known and pulling has begun. */
    boolean isStarted() {
        return started;
    }

    void started() {
        started = true;
    }

    boolean isDropped() {
        return dropped;
    }

    void drop() {
        dropped = true;
    }

    void locked(long nowMillis) {
        lockedAtMillis = nowMillis;
    }

    void unlocked() {
        lockedAtMillis = -1;
    }

    boolean holdsLock(long nowMillis) {
        long at = lockedAtMillis;
        return at >= 0 && nowMillis - at < LOCK_TRUST_MILLIS;
    }

    /**
     * What an admin sees of this queue (mqadmin consumerStatus): the cached messages, the broker lock
     * and when the queue was last pulled and consumed from; timestamps are 0 for never.
     */
    synchronized QueueSnapshot snapshot(long nowMillis) {
        long lockedAt = lockedAtMillis;
        return new QueueSnapshot(cached.size(), cached.isEmpty() ? 0 : cached.firstKey(),
                cached.isEmpty() ? 0 : cached.lastKey(), cachedBytes, holdsLock(nowMillis), Math.max(lockedAt, 0),
                dropped, lastPullMillis, lastConsumeMillis);
    }

    ReentrantLock consumeLock() {
        return consumeLock;
    }

    /** Set while an orderly consume task for this queue is queued or running. */
    AtomicBoolean consumeScheduled() {
        return consumeScheduled;
    }
}
