package io.hexmq.domain.replication.port;

import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.ReplicaId;
import java.util.concurrent.CompletionStage;

/**
 * The broker group's one ordered log of writes: every stored message and every change of broker state a
 * new leader needs, held by a majority of the group's replicas before it counts, applied by every replica
 * in the same order.
 *
 * <p><b>Promise.</b> An entry whose proposal completed normally is committed: a majority of the replicas
 * hold it (on disk, when the group syncs its log), and it is applied, exactly once and in log order, on
 * every replica that is or becomes up to date, including every future leader. A proposal that failed may
 * still have been committed (the leader crashed after a majority took it): a caller must answer such a
 * write as failed without promising that it was not stored, as RocketMQ answers a timed-out send.
 * Entries are opaque bytes: the log never looks inside them.
 *
 * <p><b>Cost.</b> Proposals do not wait for each other: concurrent ones are batched and pipelined, so a
 * proposal costs a share of one replication round trip, not one round trip each. No call blocks its
 * caller on the network or the disk, except {@link #start} and {@link #stop}.
 *
 * <p><b>Crash.</b> After a restart, {@link #start} replays what this replica held before handing it
 * new entries; an entry applied before the crash may be offered again (see
 * {@link CommittedEntries#apply}), never one that was not committed.
 */
public interface GroupLog {

    /**
     * Joins the group: replays the entries this replica holds beyond its last durable point, then takes
     * part in elections and replication. Returns once the replay is applied.
     */
    void start(CommittedEntries entries);

    /**
     * Proposes an entry; only the leader takes proposals.
     *
     * @return completes with what {@link CommittedEntries#apply} answered on this replica once the entry is
     *     committed and applied here; fails with {@link io.hexmq.domain.replication.NotLeaderException} when
     *     this replica does not lead, or stops leading before the entry commits
     */
    CompletionStage<byte[]> propose(byte[] entry);

    /** This replica's view of the group, for operators; cheap, never blocks. */
    GroupStatus status();

    /** Asks the group to make {@code replica} the leader (an operator's command, or a preferred leader). */
    CompletionStage<Void> transferLeadership(ReplicaId replica);

    /** Leaves the group and releases its files and threads. Idempotent. */
    void stop();
}
