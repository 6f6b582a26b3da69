package io.hexmq.domain.replication.port;

import io.hexmq.domain.replication.GroupRole;
import java.nio.ByteBuffer;

/**
 * What a replica does with its group's committed entries: the broker's side of the {@link GroupLog}.
 *
 * <p><b>Threading.</b> The log calls every method one at a time, in log order, each call happening-before
 * the next (not always from the same thread): an entry is applied after every entry before it, a role change
 * arrives between two applies, and no two calls ever overlap. Only {@link DurableFiles} handed out by {@link #durableFiles} are read from other threads.
 *
 * <p><b>Crash.</b> The log remembers how far this replica's stores were durable when it last called
 * {@link #makeDurable} (or {@link #install}) and, after a restart, offers every committed entry after
 * that point again, in order. Entries the stores already held before the crash come again with the same
 * positions and must then change nothing: the stores keep a ledger of the last position they applied and
 * skip what is at or below it.
 */
public interface CommittedEntries {

    /**
     * Applies one committed entry to this replica's stores and returns the answer for its proposer (the
     * offsets a message got, say; answers are dropped on replicas where nobody waits for them). Must be
     * deterministic: every replica applies the same bytes in the same order and ends in the same state.
     *
     * @param position the entry's place in the group's log: strictly increasing from one entry to the
     *     next, the same for the same entry on every replica and after every restart, but not dense
     *     (several proposals may travel in one replication round and share its numbering)
     * @param entry the proposed bytes, a read-only view valid only during this call
     * @throws RuntimeException when the stores cannot apply it (a disk failure): the replica then leaves
     *     the group, because going on would make its stores differ from the others'
     */
    byte[] apply(long position, ByteBuffer entry);

    /**
     * Makes everything applied so far durable (flushes the stores and their state files), so that the log
     * may forget the entries before it. Called every snapshot threshold's worth of entries and when the
     * log stops; may take as long as a full flush.
     */
    void makeDurable();

    /**
     * This replica's role changed: it leads (every entry committed before its term is applied by now), it
     * follows, or it is between the two.
     */
    void roleChanged(GroupRole role);

    /**
     * Leader side of catching a follower up after the log was purged behind it: makes everything applied
     * so far durable and hands out the stores' files that hold it. The files must keep their listed bytes
     * unchanged, and exist, until the returned view is closed, while applies go on (append-only files only
     * need their length recorded; a file changed in place must be copied). Called rarely: once per
     * follower that fell behind the purge.
     */
    DurableFiles durableFiles();

    /**
     * Follower side of the same: replaces this replica's stores with {@code received}, the files a leader
     * handed out with {@link #durableFiles}, so that they hold exactly what the leader's did then (stop the
     * stores, move the files in, start them again). Called while no entry is being applied; the log then
     * offers the entries that follow and closes {@code received}, deleting what is left of it. Must leave
     * the stores either as they were or as received should the process die during the call (a crash may
     * repeat the installation).
     */
    void install(DurableFiles received);

    /**
     * This replica's log failed and left the group (an apply threw, or the log could not write its own
     * files): the stores must take no more writes; the process must be restarted to rejoin. The last call.
     */
    void failed(Throwable cause);
}
