package io.hexmq.domain.consumer;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which client of a group may consume each queue while the group consumes orderly (LOCK_BATCH_MQ /
 * UNLOCK_BATCH_MQ). A lock lasts {@code lockMaxLiveMillis} after its holder last locked it; orderly
 * consumers re-lock their queues every 20 s, so a holder that dies frees its queues within the lifetime.
 *
 * <p>In memory only: after a broker restart the next re-lock round rebuilds the table. Thread-safe;
 * one group's lock requests take turns, other groups are not held up.
 */
public final class QueueLocks {

    private record Lock(ClientId holder, long lastLockedMillis) {
    }

    private final long lockMaxLiveMillis;
    private final ConcurrentHashMap<GroupName, Map<MessageQueue, Lock>> groups = new ConcurrentHashMap<>();

    /** @param lockMaxLiveMillis RocketMQ's {@code rocketmq.broker.rebalance.lockMaxLiveTime}, 60 s by default */
    public QueueLocks(long lockMaxLiveMillis) {
        if (lockMaxLiveMillis <= 0) {
            throw new InvalidConsumerDataException("lock lifetime must be positive: " + lockMaxLiveMillis);
        }
        this.lockMaxLiveMillis = lockMaxLiveMillis;
    }

    /**
     * Locks each queue that is free, already held by {@code client}, or whose lock expired; queues
     * held by another client's live lock are left alone.
     *
     * @return the queues {@code client} now holds, out of {@code queues}
     */
    public Set<MessageQueue> tryLock(GroupName group, ClientId client, Collection<MessageQueue> queues,
            long nowMillis) {
        Objects.requireNonNull(client, "client");
        Set<MessageQueue> locked = new TreeSet<>();
        groups.compute(group, (name, current) -> {
            Map<MessageQueue, Lock> locks = current == null ? new ConcurrentHashMap<>() : current;
            for (MessageQueue queue : queues) {
                Lock lock = locks.get(queue);
                if (lock == null || lock.holder().equals(client) || isExpired(lock, nowMillis)) {
                    locks.put(queue, new Lock(client, nowMillis));
                    locked.add(queue);
                }
            }
            return locks.isEmpty() ? null : locks;
        });
        return locked;
    }

    /** Releases the queues {@code client} holds; locks held by others stay. */
    public void unlock(GroupName group, ClientId client, Collection<MessageQueue> queues) {
        groups.computeIfPresent(group, (name, locks) -> {
            for (MessageQueue queue : queues) {
                locks.computeIfPresent(queue, (ignored, lock) -> lock.holder().equals(client) ? null : lock);
            }
            return locks.isEmpty() ? null : locks;
        });
    }

    /** Whether some client holds a live lock on {@code queue}. */
    public boolean isLocked(GroupName group, MessageQueue queue, long nowMillis) {
        Map<MessageQueue, Lock> locks = groups.get(group);
        Lock lock = locks == null ? null : locks.get(queue);
        return lock != null && !isExpired(lock, nowMillis);
    }

    /** Whether any queue of the group is under a live lock, i.e. the group is consuming orderly. */
    public boolean hasLiveLocks(GroupName group, long nowMillis) {
        Map<MessageQueue, Lock> locks = groups.get(group);
        return locks != null && locks.values().stream().anyMatch(lock -> !isExpired(lock, nowMillis));
    }

    private boolean isExpired(Lock lock, long nowMillis) {
        return nowMillis - lock.lastLockedMillis() > lockMaxLiveMillis;
    }
}
