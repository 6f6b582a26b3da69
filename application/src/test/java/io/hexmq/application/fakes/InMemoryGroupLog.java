package io.hexmq.application.fakes;

import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.port.CommittedEntries;
import io.hexmq.domain.replication.port.GroupLog;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A broker group's log in memory, as one replica's {@link GroupLog} sees it: proposals commit at once and
 * are applied, in order and on the caller's thread, to this replica and to every follower joined to it; the
 * proposer gets this replica's answer. Keeps every entry, so a test can offer them again as a restart does.
 */
public final class InMemoryGroupLog implements GroupLog {

    private static final ReplicaId SELF = new ReplicaId("n0");

    private final List<byte[]> entries = new ArrayList<>();
    private final List<CommittedEntries> followers = new ArrayList<>();
    private CommittedEntries self;
    private GroupRole role = new GroupRole(GroupRole.Kind.LEADER, 1, Optional.of(SELF));

    @Override
    public synchronized void start(CommittedEntries replica) {
        self = replica;
        self.roleChanged(role);
    }

    /** Applies every later entry to {@code follower} too (it joined the group up to date). */
    public synchronized void join(CommittedEntries follower) {
        followers.add(follower);
        follower.roleChanged(new GroupRole(GroupRole.Kind.FOLLOWER, role.term(), Optional.of(SELF)));
    }

    /** This replica follows {@code leader} from now on: proposals fail as on a follower. */
    public synchronized void follow(ReplicaId leader) {
        role = new GroupRole(GroupRole.Kind.FOLLOWER, role.term() + 1, Optional.of(leader));
        if (self != null) {
            self.roleChanged(role);
        }
    }

    /** Offers every entry again to {@code replica}, as the log does after a restart from no snapshot. */
    public synchronized void replayTo(CommittedEntries replica) {
        for (int i = 0; i < entries.size(); i++) {
            replica.apply(i, ByteBuffer.wrap(entries.get(i)).asReadOnlyBuffer());
        }
    }

    public synchronized int size() {
        return entries.size();
    }

    @Override
    public synchronized CompletionStage<byte[]> propose(byte[] entry) {
        if (!role.isLeader()) {
            return CompletableFuture.failedFuture(new NotLeaderException(
                    SELF + " does not lead; " + role.leader().map(ReplicaId::value).orElse("nobody") + " does",
                    role.leader()));
        }
        long position = entries.size();
        entries.add(entry.clone());
        try {
            byte[] answer = self.apply(position, ByteBuffer.wrap(entry).asReadOnlyBuffer());
            for (CommittedEntries follower : followers) {
                follower.apply(position, ByteBuffer.wrap(entry).asReadOnlyBuffer());
            }
            return CompletableFuture.completedFuture(answer);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public synchronized GroupStatus status() {
        return new GroupStatus(SELF, role, entries.size() - 1, entries.size() - 1, List.of());
    }

    /** Any replica other than this one leads at once (this one follows it); this one is refused, it leads already. */
    @Override
    public synchronized CompletionStage<Void> transferLeadership(ReplicaId replica) {
        if (replica.equals(SELF)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException(SELF + " leads already"));
        }
        follow(replica);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void stop() {
    }
}
