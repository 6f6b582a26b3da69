package io.hexmq.application.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hexmq.application.fakes.ScriptedClusterDirectory;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.route.BrokerAddress;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GetClusterOverviewTest {

    private static final Map<String, String> MASTER_A = Map.of(RuntimeInfoKeys.BROKER_VERSION_DESC, "V5_3_0",
            RuntimeInfoKeys.PUT_TPS, "12.50 11.00 10.20", RuntimeInfoKeys.GET_TRANSFERRED_TPS, "3.00 2.00 1.00",
            RuntimeInfoKeys.PUT_TOTAL_TODAY, "1200", RuntimeInfoKeys.GET_TOTAL_TODAY, "300",
            RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO, "0.42");

    private final ScriptedClusterDirectory directory = new ScriptedClusterDirectory()
            .replica("DefaultCluster", "broker-b", 0, "10.0.0.3:10911", Optional.of(Map.of()))
            .replica("DefaultCluster", "broker-a", 1, "10.0.0.2:10911", Optional.empty())
            .replica("DefaultCluster", "broker-a", 0, "10.0.0.1:10911", Optional.of(MASTER_A))
            .replica("OtherCluster", "broker-c", 0, "10.0.1.1:10911", Optional.of(Map.of()));

    @Test
    void listsEveryClusterAndGroup_byName_withEachReplica_masterFirst() {
        ClusterOverview overview = new GetClusterOverview(directory).get();

        assertThat(overview.clusters()).extracting(cluster -> cluster.name().value())
                .containsExactly("DefaultCluster", "OtherCluster");
        ClusterOverview.Cluster defaultCluster = overview.clusters().get(0);
        assertThat(defaultCluster.groups()).extracting(group -> group.name().value())
                .containsExactly("broker-a", "broker-b");
        assertThat(defaultCluster.groups().get(0).replicas())
                .extracting(replica -> replica.id().value(), replica -> replica.address().value(),
                        ClusterOverview.Replica::role)
                .containsExactly(tuple(0L, "10.0.0.1:10911", "master"),
                        tuple(1L, "10.0.0.2:10911", "slave"));
    }

    @Test
    void aReplicaThatAnswered_showsItsVersionDiskAndNewestRates() {
        ClusterOverview.Replica master = new GetClusterOverview(directory).get().clusters().get(0).groups().get(0)
                .replicas().get(0);

        assertThat(master.version()).hasValue("V5_3_0");
        assertThat(master.commitLogDiskRatio()).hasValue("0.42");
        assertThat(master.putTps()).hasValue("12.50");
        assertThat(master.getTps()).hasValue("3.00");
        assertThat(master.putToday()).hasValue("1200");
        assertThat(master.getToday()).hasValue("300");
        assertThat(master.unreachable()).isEmpty();
    }

    @Test
    void aReplicaThatDidNotAnswer_isUnreachable_withTheReason_andHasNoFigures() {
        ClusterOverview.Replica slave = new GetClusterOverview(directory).get().clusters().get(0).groups().get(0)
                .replicas().get(1);

        assertThat(slave.unreachable()).hasValue("no answer within 3000 ms");
        assertThat(slave.version()).isEmpty();
        assertThat(slave.role()).isEqualTo("slave");
    }

    @Test
    void everyReplicaIsAskedOnce_inOneCall() {
        new GetClusterOverview(directory).get();

        assertThat(directory.asked()).containsExactly(Set.of(new BrokerAddress("10.0.0.1:10911"),
                new BrokerAddress("10.0.0.2:10911"), new BrokerAddress("10.0.0.3:10911"),
                new BrokerAddress("10.0.1.1:10911")));
    }

    @Test
    void aReplicaOfARaftGroup_addsItsRoleAndTermInTheGroup() {
        ScriptedClusterDirectory raft = new ScriptedClusterDirectory().replica("DefaultCluster", "broker-a", 0,
                "10.0.0.1:10911", Optional.of(Map.of(ReplicaRuntimeInfo.ROLE, "LEADER", ReplicaRuntimeInfo.TERM, "3")));

        assertThat(new GetClusterOverview(raft).get().clusters().get(0).groups().get(0).replicas().get(0).role())
                .isEqualTo("master, LEADER in term 3");
    }

    @Test
    void noNameServerAnswering_isAnEmptyOverview_sayingWhich() {
        ScriptedClusterDirectory silent = new ScriptedClusterDirectory()
                .silentNameServer("127.0.0.1:9876", "no answer within 3000 ms");

        ClusterOverview overview = new GetClusterOverview(silent).get();

        assertThat(overview.clusters()).isEmpty();
        assertThat(overview.unansweredNameServers())
                .containsExactly(new KnownClusters.Unanswered("127.0.0.1:9876", "no answer within 3000 ms"));
        assertThat(silent.asked()).isEmpty();
    }
}
