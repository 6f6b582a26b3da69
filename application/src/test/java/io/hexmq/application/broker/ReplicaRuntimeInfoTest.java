package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.ManualClock;
import io.hexmq.domain.replication.GroupRole;
import io.hexmq.domain.replication.GroupStatus;
import io.hexmq.domain.replication.PeerProgress;
import io.hexmq.domain.replication.ReplicaId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** GET_BROKER_RUNTIME_INFO of a replica of a broker group: its role, term and lag. */
class ReplicaRuntimeInfoTest {

    private static final ReplicaId N0 = new ReplicaId("n0");
    private static final ReplicaId N1 = new ReplicaId("n1");
    private static final ReplicaId N2 = new ReplicaId("n2");

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final BrokerStatistics statistics = new BrokerStatistics(clock, ZoneOffset.UTC);

    @Test
    void reportsAFollowersRoleTermLeaderAndTheEntriesItHasNotApplied() {
        GroupStatus follower = new GroupStatus(N1, new GroupRole(GroupRole.Kind.FOLLOWER, 4, Optional.of(N0)), 120,
                117, List.of());

        assertThat(runtimeInfo(follower)).containsEntry("replicaRole", "FOLLOWER").containsEntry("replicaTerm", "4")
                .containsEntry("replicaLeader", "n0").containsEntry("replicaCommitIndex", "120")
                .containsEntry("replicaAppliedIndex", "117").containsEntry("replicaLag", "3")
                .containsEntry("replicaPeerLag", "");
    }

    /** RocketMQ's brokerActive (mqadmin clusterList's #ACTIVATED): the master's own services run on the leader only. */
    @Test
    void reportsBrokerActiveOnTheLeaderOnly() {
        GroupStatus follower = new GroupStatus(N1, new GroupRole(GroupRole.Kind.FOLLOWER, 4, Optional.of(N0)), 120,
                120, List.of());
        GroupStatus candidate = new GroupStatus(N1, new GroupRole(GroupRole.Kind.CANDIDATE, 5, Optional.empty()), 120,
                120, List.of());
        GroupStatus leader = new GroupStatus(N0, new GroupRole(GroupRole.Kind.LEADER, 4, Optional.of(N0)), 120, 120,
                List.of());

        assertThat(runtimeInfo(follower)).containsEntry("brokerActive", "false");
        assertThat(runtimeInfo(candidate)).containsEntry("brokerActive", "false");
        assertThat(runtimeInfo(leader)).containsEntry("brokerActive", "true");
    }

    @Test
    void reportsTheLeaderAsNotBehind_andHowFarEachOtherReplicaIs() {
        GroupStatus leader = new GroupStatus(N0, new GroupRole(GroupRole.Kind.LEADER, 4, Optional.of(N0)), 120, 120,
                List.of(new PeerProgress(N1, 120), new PeerProgress(N2, 108)));

        assertThat(runtimeInfo(leader)).containsEntry("replicaRole", "LEADER").containsEntry("replicaLag", "0")
                .containsEntry("replicaPeerLag", "n1=0 n2=12");
    }

    @Test
    void reportsNoReplicaKeys_forABrokerOnItsOwn() {
        Map<String, String> table = new GetBrokerRuntimeInfo(statistics, RuntimeGauges.builder().build(), clock,
                clock.millis()).get(new GetBrokerRuntimeInfo.Query());

        assertThat(table.keySet()).noneMatch(key -> key.startsWith("replica"));
        assertThat(table).containsEntry("brokerActive", "true");
    }

    private Map<String, String> runtimeInfo(GroupStatus status) {
        RuntimeGauges gauges = RuntimeGauges.builder().groupStatus(() -> status).build();
        return new GetBrokerRuntimeInfo(statistics, gauges, clock, clock.millis()).get(new GetBrokerRuntimeInfo.Query());
    }
}
