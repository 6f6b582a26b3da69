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
 * Entries are opaque bytes: the log never looks inside them. A leader cut off from its majority completes
 * no proposal and steps down within about the election timeout, so a minority never acknowledges.
 *
 * <p><b>Cost.</b> Proposals do not wait for each other: concurrent ones travel together in one
 * replication round, and rounds are pipelined, so a proposal costs a share of a round trip, not a round
 * trip each. No call blocks its caller on the network or the disk, except {@link #start} and
 * {@link #stop}. Proposals complete on a thread of the log, so what a caller chains on them must not
 * block.
 *
 * <p><b>Crash.</b> After a restart, {@link #start} replays what this replica held beyond its last
 * durable point before handing it new entries; an entry applied before the crash may be offered again
 * (see {@link CommittedEntries}), never one that was not committed. The log is purged behind the points
 * the stores made durable; a replica that fell behind the purge installs the leader's store files
 * ({@link CommittedEntries#durableFiles}, {@link CommittedEntries#install}) and goes on from there.
 */
public interface GroupLog {

    /**
     * Joins the group: replays the entries this replica holds beyond its last durable point, then takes
     * part in elections and replication. Returns once the replay is applied. Called once.
     */
    void start(CommittedEntries entries);

    /**
     * Proposes an entry; only the leader takes proposals.
     *
     * @return completes with what {@link CommittedEntries#apply} answered on this replica once the entry is
     *     committed and applied here; fails with {@link io.hexmq.domain.replication.NotLeaderException} when
     *     this replica does not lead, or stops leading before the entry commits, and with
     *     {@link io.hexmq.domain.replication.ReplicationFailedException} when the log cannot take it
     *     (overloaded, stopped, failed)
     */
    CompletionStage<byte[]> propose(byte[] entry);

    /** This replica's view of the group, for operators; cheap, never blocks. */
    GroupStatus status();

    /**
     * Asks the group to make {@code replica} the leader (an operator's command). Completes once it leads;
     * fails when the group refuses: the replica is unknown or behind, or a preferred leader is configured
     * and {@code replica} is not it (the preferred leader takes leadership back whenever it is up to date).
     */
    CompletionStage<Void> transferLeadership(ReplicaId replica);

    /**
     * Leaves the group: makes what was applied durable, fails the proposals still in flight, and releases
     * the log's port, threads and files. Idempotent.
     */
    void stop();
}
