package io.hexmq.client.internal.relay;

/**
 * A moment's view of one queue a push consumer consumes, as its running info reports it.
 *
 * @param cachedMessages      pulled and not yet consumed
 * @param cachedMinOffset     smallest cached queue offset, 0 when none is cached
 * @param cachedMaxOffset     largest cached queue offset, 0 when none is cached
 * @param cachedBodyBytes     the cached messages' bodies together
 * @param locked              the broker lock is held and trusted (orderly)
 * @param lastLockMillis      when the broker lock was last taken
 * @param dropped             given up by a rebalance or a reset
 * @param lastPullMillis      when the last PULL_MESSAGE was sent
 * @param lastConsumeMillis   when a message was last consumed
 */
public record QueueSnapshot(int cachedMessages, long cachedMinOffset, long cachedMaxOffset, long cachedBodyBytes,
                            boolean locked, long lastLockMillis, boolean dropped, long lastPullMillis,
                            long lastConsumeMillis) {
}
