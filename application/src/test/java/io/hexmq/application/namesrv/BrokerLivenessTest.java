package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.CLUSTER;
import static io.hexmq.application.namesrv.NameServer.address;
import static io.hexmq.application.namesrv.NameServer.master;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.DataVersionCheck;
import io.hexmq.domain.route.RemovedBroker;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ExpireInactiveBrokers, DropBrokerConnection, RefreshBrokerHeartbeat, QueryDataVersion and UnregisterBroker. */
class BrokerLivenessTest {

    private static final BrokerName BROKER_A = new BrokerName("broker-a");
    private static final TopicName T1 = new TopicName("T1");

    private final NameServer ns = new NameServer();

    @Test
    void removesBroker_whenNotHeardWithinTimeout() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.clock.advanceMillis(120_001);

        List<RemovedBroker> removed = ns.expireInactiveBrokers.expire();

        assertThat(removed).containsExactly(
                new RemovedBroker(CLUSTER, BROKER_A, address("10.0.0.1"), new ConnectionId("conn-10.0.0.1")));
        assertThat(ns.getTopicRoute.route(new GetTopicRoute.Query(T1))).isEmpty();
        assertThat(ns.getClusterInfo.clusterInfo().clusterAddrTable()).isEmpty();
    }

    @Test
    void keepsBroker_whileItsHeartbeatsArrive() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        for (int i = 0; i < 10; i++) {
            ns.clock.advanceMillis(60_000);
            assertThat(ns.refreshBrokerHeartbeat.refresh(
                    new RefreshBrokerHeartbeat.Command(CLUSTER, address("10.0.0.1")))).isTrue();
            assertThat(ns.expireInactiveBrokers.expire()).isEmpty();
        }
        assertThat(ns.getTopicRoute.route(new GetTopicRoute.Query(T1))).isPresent();
    }

    @Test
    void heartbeatOfAnUnknownBroker_changesNothing() {
        assertThat(ns.refreshBrokerHeartbeat.refresh(
                new RefreshBrokerHeartbeat.Command(CLUSTER, address("10.0.0.1")))).isFalse();
    }

    @Test
    void unchangedDataVersion_refreshesLiveness_andReportsTheHeldVersion() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.clock.advanceMillis(100_000);

        DataVersionCheck check = ns.queryDataVersion.query(new QueryDataVersion.Command(
                CLUSTER, BROKER_A, address("10.0.0.1"), BrokerId.MASTER, new DataVersion(1_000, 1, 0)));
        ns.clock.advanceMillis(100_000);

        assertThat(check.changed()).isFalse();
        assertThat(check.nameServerVersion()).contains(new DataVersion(1_000, 1, 0));
        assertThat(ns.expireInactiveBrokers.expire()).isEmpty();
    }

    @Test
    void changedDataVersion_saysChanged_andDoesNotRefreshLiveness() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.clock.advanceMillis(100_000);

        DataVersionCheck check = ns.queryDataVersion.query(new QueryDataVersion.Command(
                CLUSTER, BROKER_A, address("10.0.0.1"), BrokerId.MASTER, new DataVersion(2_000, 2, 0)));
        ns.clock.advanceMillis(20_001);

        assertThat(check.changed()).isTrue();
        assertThat(ns.expireInactiveBrokers.expire()).hasSize(1);
    }

    @Test
    void removesBrokerAtOnce_whenItsConnectionCloses() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.registerBroker.register(master("broker-b", "10.0.0.2"));

        List<RemovedBroker> removed = ns.dropBrokerConnection.drop(
                new DropBrokerConnection.Command(new ConnectionId("conn-10.0.0.1")));

        assertThat(removed).extracting(RemovedBroker::brokerName).containsExactly(BROKER_A);
        assertThat(ns.getClusterInfo.clusterInfo().brokerAddrTable()).containsOnlyKeys(new BrokerName("broker-b"));
    }

    @Test
    void closedClientConnection_removesNothing() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        assertThat(ns.dropBrokerConnection.drop(new DropBrokerConnection.Command(new ConnectionId("client-7"))))
                .isEmpty();
        assertThat(ns.getAllTopics.allTopics()).isNotEmpty();
    }

    @Test
    void unregisteredBroker_disappearsWithItsTopics() {
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));

        boolean known = ns.unregisterBroker.unregister(
                new UnregisterBroker.Command(CLUSTER, BROKER_A, address("10.0.0.1"), BrokerId.MASTER));

        assertThat(known).isTrue();
        assertThat(ns.getAllTopics.allTopics()).isEmpty();
        assertThat(ns.getClusterInfo.clusterInfo().brokerAddrTable()).isEmpty();
    }
}
