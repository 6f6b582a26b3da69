package io.hexmq.adapters.ratis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.domain.replication.ReplicaId;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GroupSettingsTest {

    private static final String THREE_PEERS = "n0-127.0.0.1:40911;n1-127.0.0.1:40912;n2-broker-c.example.com:40913";
    private static final Path DIR = Path.of("raft");

    @Test
    void parsesDLedgerPeers_withHostsThatContainDashes_andIpv6InBrackets() {
        assertThat(GroupPeer.parseAll(" n0-127.0.0.1:40911 ; n1-broker-b.example.com:40912;n2-[::1]:40913 "))
                .containsExactly(
                        new GroupPeer(new ReplicaId("n0"), "127.0.0.1", 40911),
                        new GroupPeer(new ReplicaId("n1"), "broker-b.example.com", 40912),
                        new GroupPeer(new ReplicaId("n2"), "::1", 40913));
        assertThat(new GroupPeer(new ReplicaId("n2"), "::1", 40913).address()).isEqualTo("[::1]:40913");
    }

    @Test
    void defaultsEverythingButTheGroupsIdentity() {
        GroupSettings settings = GroupSettings.of("broker-a", THREE_PEERS, "n1", DIR);

        assertThat(settings.self()).isEqualTo(new ReplicaId("n1"));
        assertThat(settings.selfPeer().port()).isEqualTo(40912);
        assertThat(settings.electionTimeoutMin()).isEqualTo(GroupSettings.DEFAULT_ELECTION_TIMEOUT_MIN);
        assertThat(settings.electionTimeoutMax()).isEqualTo(GroupSettings.DEFAULT_ELECTION_TIMEOUT_MAX);
        assertThat(settings.logFlush()).isEqualTo(LogFlush.ASYNC);
        assertThat(settings.preferredLeader()).isEmpty();
    }

    @Test
    void acceptsASingleReplicaAndFive() {
        assertThat(GroupSettings.of("g", "n0-127.0.0.1:1", "n0", DIR).peers()).hasSize(1);
        assertThat(GroupSettings.of("g", "a-h:1;b-h:2;c-h:3;d-h:4;e-h:5", "e", DIR).peers()).hasSize(5);
    }

    @Test
    void rejectsAnUnknownSelfId() {
        assertRejected(() -> GroupSettings.of("broker-a", THREE_PEERS, "n3", DIR), "self id n3 is not one of the peers");
    }

    @Test
    void rejectsAMissingSelfId() {
        assertRejected(() -> GroupSettings.of("broker-a", THREE_PEERS, " ", DIR), "self id is not set");
    }

    @Test
    void rejectsDuplicateIds() {
        assertRejected(() -> GroupSettings.of("g", "n0-h:1;n0-h:2;n1-h:3", "n1", DIR), "peer id n0 appears twice");
    }

    @Test
    void rejectsDuplicateAddresses() {
        assertRejected(() -> GroupSettings.of("g", "n0-h:1;n1-h:1;n2-h:3", "n1", DIR),
                "peer address h:1 appears twice");
    }

    @Test
    void rejectsAnEvenGroup() {
        assertRejected(() -> GroupSettings.of("g", "n0-h:1;n1-h:2", "n1", DIR), "a group has 1, 3 or 5 peers, not 2");
    }

    @Test
    void rejectsAnEmptyGroupAndOneLargerThanFive() {
        assertRejected(() -> GroupSettings.of("g", " ; ", "n0", DIR), "a group has 1, 3 or 5 peers, not 0");
        assertRejected(() -> GroupSettings.of("g", "a-h:1;b-h:2;c-h:3;d-h:4;e-h:5;f-h:6;g-h:7", "a", DIR),
                "not 7");
    }

    @Test
    void rejectsUnparseableAddresses() {
        assertRejected(() -> GroupSettings.of("g", "n0-h:1;n1h:2;n2-h:3", "n0", DIR), "peer 'n1h:2' is not id-host:port");
        assertRejected(() -> GroupSettings.of("g", "n0-h:one", "n0", DIR), "peer 'n0-h:one' is not id-host:port");
        assertRejected(() -> GroupSettings.of("g", "n0-h", "n0", DIR), "peer 'n0-h' is not id-host:port");
        assertRejected(() -> GroupSettings.of("g", "n0-h:70000", "n0", DIR), "port 70000, not in 1..65535");
    }

    @Test
    void rejectsAPreferredLeaderOutsideTheGroup() {
        assertRejected(() -> GroupSettings.of("broker-a", THREE_PEERS, "n0", DIR)
                .withPreferredLeader(Optional.of(new ReplicaId("n7"))), "preferred leader n7 is not one of the peers");
    }

    @Test
    void rejectsElectionTimeoutsThatAreNotAnIncreasingPositivePair() {
        GroupSettings settings = GroupSettings.of("broker-a", THREE_PEERS, "n0", DIR);
        assertRejected(() -> settings.withElectionTimeout(Duration.ofMillis(800), Duration.ofMillis(800)),
                "election timeouts must satisfy 0 < min < max");
        assertRejected(() -> settings.withElectionTimeout(Duration.ZERO, Duration.ofMillis(800)),
                "election timeouts must satisfy 0 < min < max");
    }

    @Test
    void rejectsANonPositiveSnapshotThreshold() {
        assertRejected(() -> GroupSettings.of("broker-a", THREE_PEERS, "n0", DIR).withSnapshotThreshold(0),
                "the snapshot threshold must be at least 1 entry");
    }

    @Test
    void namesTheSameGroupWithTheSameRaftIdEverywhere_andDifferentGroupsDifferently() {
        assertThat(RatisConfiguration.groupId("broker-a")).isEqualTo(RatisConfiguration.groupId("broker-a"));
        assertThat(RatisConfiguration.groupId("broker-a")).isNotEqualTo(RatisConfiguration.groupId("broker-b"));
    }

    @Test
    void givesThePreferredLeaderTheHighestPriority() {
        GroupSettings settings = GroupSettings.of("broker-a", THREE_PEERS, "n0", DIR)
                .withPreferredLeader(Optional.of(new ReplicaId("n2")));

        assertThat(RatisConfiguration.group(settings).getPeers())
                .allSatisfy(peer -> assertThat(peer.getPriority()).isEqualTo(peer.getId().toString().equals("n2") ? 1 : 0));
    }

    private static void assertRejected(Runnable construction, String reason) {
        assertThatThrownBy(construction::run)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(reason)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
