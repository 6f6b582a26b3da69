package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.adapters.ratis.LoopbackGroup.Replica;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.ReplicaId;
import io.hexmq.domain.replication.ReplicationFailedException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class FailoverIT {

    private static final Logger LOG = LoggerFactory.getLogger(FailoverIT.class);

    @TempDir
    Path dir;

    private LoopbackGroup group;

    @AfterEach
    void stopGroup() {
        group.close();
    }

    @Test
    void electsANewLeader_whenTheLeaderStops_andTheRestartedReplicaCatchesUpAsAFollower() throws Exception {
        group = new LoopbackGroup(dir, 3).startAll();
        group.write(20, new byte[] {1});
        Replica first = group.awaitLeader();

        long stoppedAt = System.nanoTime();
        group.stop(first.index());
        Replica second = group.awaitLeaderOtherThan(first);
        LOG.info("failover: {} ms from stopping {} until {} led (election timeout {}..{} ms)",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedAt), first.id(), second.id(),
                LoopbackGroup.ELECTION_MIN.toMillis(), LoopbackGroup.ELECTION_MAX.toMillis());
        group.write(20, new byte[] {2});

        Replica restarted = group.start(first.index());
        group.awaitCaughtUp(40);

        Replica leader = group.awaitLeader();
        assertThat(restarted.entries().positions()).isEqualTo(leader.entries().positions());
        group.await("the restarted replica follows " + leader.id(), () -> restarted.entries().lastRole() != null
                && restarted.entries().lastRole().equals(new GroupRole(GroupRole.Kind.FOLLOWER,
                        leader.log().status().role().term(), Optional.of(leader.id()))));
    }

    @Test
    void stepsDown_andFailsWhatItCouldNotCommit_whenItLosesItsMajority() throws Exception {
        group = new LoopbackGroup(dir, 3).startAll();
        group.write(5, new byte[] {1});
        Replica leader = group.awaitLeader();
        int applied = leader.entries().appliedCount();
        List<Replica> followers = group.running().stream().filter(replica -> replica != leader).toList();

        long cutAt = System.nanoTime();
        followers.forEach(follower -> group.stop(follower.index()));
        CompletableFuture<byte[]> stranded = leader.log().propose(new byte[] {42}).toCompletableFuture();
        group.await("the cut-off leader steps down", () -> !leader.entries().lastRole().isLeader());
        LOG.info("step-down: {} ms after losing both followers (election timeout max {} ms)",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cutAt), LoopbackGroup.ELECTION_MAX.toMillis());

        Throwable failure = stranded.handle((answer, thrown) -> thrown).get(30, TimeUnit.SECONDS);
        assertThat(failure).isInstanceOfAny(NotLeaderException.class, ReplicationFailedException.class);
        assertThat(leader.entries().appliedCount()).isEqualTo(applied);
        assertThat(leader.log().propose(new byte[] {43}).toCompletableFuture())
                .failsWithin(30, TimeUnit.SECONDS);
    }

    @Test
    void hasThePreferredLeaderTakeLeadershipBack_onceItCaughtUp() throws Exception {
        ReplicaId preferred = new ReplicaId("n0");
        group = new LoopbackGroup(dir, 3, settings -> settings.withPreferredLeader(Optional.of(preferred))).startAll();
        group.await("the preferred replica leads", () -> group.leader().filter(l -> l.id().equals(preferred)).isPresent());
        Replica first = group.leader().orElseThrow();

        group.stop(first.index());
        group.awaitLeaderOtherThan(first);
        group.write(30, new byte[] {1});
        Replica back = group.start(first.index());

        group.await("the preferred replica leads again", () -> back.entries().lastRole() != null
                && back.entries().lastRole().isLeader());
        assertThat(back.entries().appliedCount()).isGreaterThanOrEqualTo(30);
        proposeAll(back, 1);
    }

    @Test
    void transfersLeadership_toTheReplicaAnOperatorNames() throws Exception {
        group = new LoopbackGroup(dir, 3).startAll();
        Replica leader = group.awaitLeader();
        Replica target = group.running().stream().filter(replica -> replica != leader).findFirst().orElseThrow();

        leader.log().transferLeadership(target.id()).toCompletableFuture().get(30, TimeUnit.SECONDS);

        group.await(target.id() + " leads", () -> group.leader().filter(l -> l.id().equals(target.id())).isPresent());
        proposeAll(target, 1);
    }

    @Test
    void refusesToTransferLeadershipAwayFromThePreferredLeader() throws Exception {
        ReplicaId preferred = new ReplicaId("n1");
        group = new LoopbackGroup(dir, 3, settings -> settings.withPreferredLeader(Optional.of(preferred))).startAll();
        group.await("the preferred replica leads", () -> group.leader().filter(l -> l.id().equals(preferred)).isPresent());

        CompletableFuture<Void> transfer = group.replica(2).log().transferLeadership(new ReplicaId("n2"))
                .toCompletableFuture();

        assertThat(transfer.handle((done, failure) -> failure).get(30, TimeUnit.SECONDS))
                .isInstanceOf(ReplicationFailedException.class).hasMessageContaining("refused");
        assertThat(group.leader().map(Replica::id)).contains(preferred);
    }

    private static void proposeAll(Replica leader, int count) throws Exception {
        CompletableFuture<?>[] proposals = new CompletableFuture<?>[count];
        for (int i = 0; i < count; i++) {
            proposals[i] = leader.log().propose(new byte[] {(byte) i}).toCompletableFuture();
        }
        CompletableFuture.allOf(proposals).get(30, TimeUnit.SECONDS);
    }
}
