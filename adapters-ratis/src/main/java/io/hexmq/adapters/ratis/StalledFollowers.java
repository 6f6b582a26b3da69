package io.hexmq.adapters.ratis;

import io.hexmq.domain.replication.ReplicaId;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The leader's watch for a follower it no longer moves forward although that follower answers.
 *
 * <p>Why: Ratis's appender for one follower can end up sending it nothing but heartbeats the follower
 * refuses as inconsistent, every few seconds, for good (seen with a replica restarted after kill -9 while
 * the group took sends, its log a few entries short of what the leader believed it held). The one cause
 * found, Ratis 3.3.0's composed appends, is switched off ({@link RatisConfiguration}); this watch stays for
 * any other way into that state, which nothing in Ratis gets out of short of a new leader, whose appenders
 * start afresh and find where the follower's log ends. So when a follower has answered lately but its
 * commit index has stood still behind the leader's for a while, the watch names another follower that
 * answers, the most advanced, to hand leadership to; Ratis's transfer waits until that one has caught up.
 *
 * <p>A follower that does not answer is down, not stalled, and is left alone; so is every follower while
 * one fetches the leader's store files, since its commit index stands still for as long as the copy takes.
 * Used from one thread.
 */
final class StalledFollowers {

    private final long stalledAfterNanos;
    private final long answeredWithinMillis;
    private final Map<ReplicaId, Standstill> standstills = new HashMap<>();

    /**
     * @param stalledAfterNanos how long a follower that answers may show the same commit index behind the leader's
     * @param answeredWithinMillis a follower whose last answer is older than this is taken for down
     */
    StalledFollowers(long stalledAfterNanos, long answeredWithinMillis) {
        this.stalledAfterNanos = stalledAfterNanos;
        this.answeredWithinMillis = answeredWithinMillis;
    }

    /**
     * One look at the followers, on the leader.
     *
     * @param fetching whether some follower is fetching the leader's files now
     * @return a follower to hand leadership to, when another one is stalled and this one keeps up
     */
    Optional<ReplicaId> check(long nowNanos, long leaderCommit, List<Follower> followers, boolean fetching) {
        Set<ReplicaId> stalled = new HashSet<>();
        for (Follower follower : followers) {
            boolean waiting = answers(follower) && follower.commitIndex() < leaderCommit;
            if (!waiting || fetching) {
                standstills.remove(follower.id());
                continue;
            }
            Standstill seen = standstills.get(follower.id());
            if (seen == null || seen.commitIndex() != follower.commitIndex()) {
                standstills.put(follower.id(), new Standstill(follower.commitIndex(), nowNanos));
            } else if (nowNanos - seen.sinceNanos() >= stalledAfterNanos) {
                stalled.add(follower.id());
            }
        }
        if (stalled.isEmpty()) {
            return Optional.empty();
        }
        Optional<ReplicaId> successor = followers.stream()
                .filter(follower -> answers(follower) && !stalled.contains(follower.id()))
                .max(Comparator.comparingLong(Follower::commitIndex))
                .map(Follower::id);
        successor.ifPresent(chosen -> standstills.clear());
        return successor;
    }

    private boolean answers(Follower follower) {
        return follower.answeredMillisAgo() <= answeredWithinMillis;
    }

    /** This replica stopped leading: what it saw as leader says nothing about the next term. */
    void forget() {
        standstills.clear();
    }

    /**
     * @param commitIndex the commit index the follower reported last
     * @param answeredMillisAgo how long ago the follower last answered the leader
     */
    record Follower(ReplicaId id, long commitIndex, long answeredMillisAgo) {
    }

    private record Standstill(long commitIndex, long sinceNanos) {
    }
}
