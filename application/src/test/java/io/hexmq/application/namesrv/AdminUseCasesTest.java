package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.CLUSTER;
import static io.hexmq.application.namesrv.NameServer.master;
import static io.hexmq.application.namesrv.NameServer.slave;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.QueueData;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** GetClusterInfo, GetAllTopics, GetTopicsByCluster, Wipe/AddWritePermOfBroker, DeleteTopicFromNameServer. */
class AdminUseCasesTest {

    private static final BrokerName BROKER_A = new BrokerName("broker-a");
    private static final TopicName T1 = new TopicName("T1");
    private static final TopicName T2 = new TopicName("T2");

    private final NameServer ns = new NameServer();

    private Permission permissionOfT1() {
        return ns.getTopicRoute.route(new GetTopicRoute.Query(T1)).orElseThrow().queueDatas().stream()
                .filter(queueData -> queueData.brokerName().equals(BROKER_A))
                .map(QueueData::permission).findFirst().orElseThrow();
    }

    @Test
    void listsClustersAndTheirGroups() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.registerBroker.register(slave("broker-a", "10.0.0.2", 1));

        ClusterInfo info = ns.getClusterInfo.clusterInfo();

        assertThat(info.clusterAddrTable()).containsExactly(Map.entry(CLUSTER, Set.of(BROKER_A)));
        BrokerData data = info.brokerAddrTable().get(BROKER_A);
        assertThat(data.cluster()).isEqualTo(CLUSTER);
        assertThat(data.brokerAddrs()).containsOnlyKeys(BrokerId.MASTER, new BrokerId(1));
        assertThat(data.zoneName()).isEmpty();
        assertThat(data.enableActingMaster()).isFalse();
    }

    @Test
    void wipesWritePermission_andAddsItBack_countingTopics() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        assertThat(ns.wipeWritePermOfBroker.wipe(new WipeWritePermOfBroker.Command(BROKER_A))).isEqualTo(2);
        assertThat(permissionOfT1().isWritable()).isFalse();

        assertThat(ns.addWritePermOfBroker.add(new AddWritePermOfBroker.Command(BROKER_A))).isEqualTo(2);
        assertThat(permissionOfT1()).isEqualTo(Permission.READ_WRITE);
    }

    @Test
    void wipingAnUnknownBroker_countsNothing() {
        assertThat(ns.wipeWritePermOfBroker.wipe(new WipeWritePermOfBroker.Command(BROKER_A))).isZero();
    }

    @Test
    void deletesATopicEverywhere() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        ns.deleteTopicFromNameServer.delete(DeleteTopicFromNameServer.Command.everywhere(T1));

        assertThat(ns.getAllTopics.allTopics()).containsExactly(T2);
    }

    @Test
    void deletesATopic_onlyForOneClustersBrokers() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        RegisterBroker.Command other = master("broker-b", "10.0.0.2");
        ns.registerBroker.register(new RegisterBroker.Command(new ClusterName("Other"), other.brokerName(),
                other.brokerAddress(), other.brokerId(), other.haServerAddress(), other.zoneName(),
                other.heartbeatTimeoutMillis(), false, other.dataVersion(), other.topicConfigs(),
                other.filterServers(), other.connection()));

        ns.deleteTopicFromNameServer.delete(DeleteTopicFromNameServer.Command.inCluster(T1, CLUSTER));

        assertThat(ns.getTopicsByCluster.topics(new GetTopicsByCluster.Query(CLUSTER))).containsExactly(T2);
        assertThat(ns.getTopicsByCluster.topics(new GetTopicsByCluster.Query(new ClusterName("Other"))))
                .containsExactly(T1, T2);
        assertThat(ns.getAllTopics.allTopics()).containsExactly(T1, T2);
    }
}
