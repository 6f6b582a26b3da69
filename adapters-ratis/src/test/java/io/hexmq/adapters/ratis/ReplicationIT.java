package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.adapters.ratis.LoopbackGroup.Replica;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.NotLeaderException;
import io.hexmq.domain.replication.PeerProgress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** One group serves every test but the last: none of them stops a replica. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicationIT {

    private LoopbackGroup group;

    @BeforeAll
    void startGroup(@TempDir Path dir) {
        group = new LoopbackGroup(dir, 3).startAll();
    }

    @AfterAll
    void stopGroup() {
        group.close();
    }

    @Test
    void appliesEveryCommittedEntry_onEveryReplica_inTheSameOrder_andAnswersEachProposal() throws Exception {
        Replica leader = group.awaitLeader();
        int before = leader.entries().appliedCount();
        List<CompletableFuture<byte[]>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            answers.add(leader.log().propose(("entry-" + i).getBytes(StandardCharsets.UTF_8)).toCompletableFuture());
        }

        List<Long> answeredPositions = new ArrayList<>();
        for (CompletableFuture<byte[]> answer : answers) {
            answeredPositions.add(ByteBuffer.wrap(answer.get(30, TimeUnit.SECONDS)).getLong());
        }
        group.awaitCaughtUp(before + 200);

        assertThat(answeredPositions).isSorted().doesNotHaveDuplicates();
        for (Replica replica : group.running()) {
            List<Long> positions = replica.entries().positions();
            assertThat(positions.subList(before, positions.size())).isEqualTo(answeredPositions);
            assertThat(replica.entries().checksums()).isEqualTo(leader.entries().checksums());
            assertThat(replica.entries().overlappingCalls()).as("overlapping calls into %s", replica.id()).isZero();
            assertThat(replica.entries().duplicates()).isZero();
        }
    }

    @Test
    void refusesProposalsOnAFollower_namingTheLeader() {
        Replica leader = group.awaitLeader();
        Replica follower = group.running().stream().filter(replica -> replica != leader).findFirst().orElseThrow();
        group.await("the follower knows the leader", () -> follower.log().status().role().leader().isPresent());

        assertThatThrownBy(() -> follower.log().propose(new byte[] {1}).toCompletableFuture().get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOfSatisfying(NotLeaderException.class,
                        refusal -> assertThat(refusal.leader()).contains(leader.id()));
    }

    @Test
    void tellsEachBrokerSideItsRole_theLeaderWithItsTerm_theFollowersWithTheirLeader() {
        Replica leader = group.awaitLeader();
        long term = leader.log().status().role().term();
        group.await("every follower reports the leader",
                () -> group.running().stream().filter(replica -> replica != leader)
                        .allMatch(replica -> replica.entries().lastRole() != null
                                && replica.entries().lastRole().leader().filter(leader.id()::equals).isPresent()));

        assertThat(leader.entries().lastRole()).isEqualTo(new GroupRole(GroupRole.Kind.LEADER, term,
                java.util.Optional.of(leader.id())));
        group.running().stream().filter(replica -> replica != leader).forEach(follower ->
                assertThat(follower.entries().lastRole().kind()).isEqualTo(GroupRole.Kind.FOLLOWER));
    }

    @Test
    void reportsStatus_withEachFollowersProgressOnTheLeader() throws Exception {
        Replica leader = group.awaitLeader();
        for (int i = 0; i < 10; i++) {
            leader.log().propose(new byte[] {(byte) i}).toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        long committed = leader.log().status().commitIndex();
        group.await("both followers hold the leader's log",
                () -> leader.log().status().peers().stream().filter(peer -> peer.matchIndex() >= committed).count() == 2);

        // Ratis's own entries (the commit index it logs after a commit) are committed a moment before they are
        // applied, so the two indexes meet only once the group is at rest.
        group.await("the leader applied all it committed", () -> {
            GroupStatus now = leader.log().status();
            return now.appliedIndex() == now.commitIndex();
        });

        GroupStatus status = leader.log().status();
        assertThat(status.self()).isEqualTo(leader.id());
        assertThat(status.appliedIndex()).isLessThanOrEqualTo(status.commitIndex());
        assertThat(status.peers()).extracting(PeerProgress::replica)
                .containsExactlyInAnyOrderElementsOf(group.running().stream().filter(replica -> replica != leader)
                        .map(Replica::id).toList());
        group.running().stream().filter(replica -> replica != leader).forEach(follower ->
                assertThat(follower.log().status().peers()).isEmpty());
    }

    @Test
    void aSingleReplicaGroup_leadsAlone_andCommitsOnceTheEntryIsOnItsDisk(@TempDir Path single) throws Exception {
        try (LoopbackGroup alone = new LoopbackGroup(single, 1, settings -> settings.withLogFlush(LogFlush.SYNC))
                .startAll()) {
            Replica leader = alone.awaitLeader();

            byte[] answer = leader.log().propose(new byte[] {7}).toCompletableFuture().get(30, TimeUnit.SECONDS);

            assertThat(ByteBuffer.wrap(answer).getLong()).isEqualTo(leader.entries().positions().get(0));
            assertThat(leader.log().status().peers()).isEmpty();
        }
    }
}
