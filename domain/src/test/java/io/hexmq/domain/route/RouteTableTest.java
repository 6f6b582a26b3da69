package io.hexmq.domain.route;

import static io.hexmq.domain.route.Registrations.CLUSTER;
import static io.hexmq.domain.route.Registrations.master;
import static io.hexmq.domain.route.Registrations.slave;
import static io.hexmq.domain.route.Registrations.topic;
import static io.hexmq.domain.route.Registrations.topicName;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    private static final long NOW = 1_700_000_000_000L;
    private static final BrokerName BROKER_A = new BrokerName("broker-a");
    private static final BrokerName BROKER_B = new BrokerName("broker-b");

    private final RouteTable table = new RouteTable();

    private QueueData queueDataOf(String topic, BrokerName broker) {
        return table.route(topicName(topic)).orElseThrow().queueDatas().stream()
                .filter(queueData -> queueData.brokerName().equals(broker))
                .findFirst().orElseThrow();
    }

    @Nested
    class Registering {

        @Test
        void addsGroupToItsCluster_andPublishesItsTopics() {
            RegistrationResult result = table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(result.isRegistered()).isTrue();
            ClusterInfo info = table.clusterInfo();
            assertThat(info.clusterAddrTable()).containsEntry(CLUSTER, Set.of(BROKER_A));
            assertThat(info.brokerAddrTable().get(BROKER_A).brokerAddrs())
                    .containsExactly(Map.entry(BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911")));
            assertThat(table.topics()).containsExactly(topicName("T1"), topicName("T2"));
        }

        @Test
        void buildsRoute_fromQueueDataAndTheGroupsNamedInIt() {
            table.register(master("broker-b", "10.0.0.2").build(), NOW);
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(slave("broker-a", "10.0.0.3", 1).build(), NOW);

            TopicRoute route = table.route(topicName("T1")).orElseThrow();

            assertThat(route.orderTopicConf()).isEmpty();
            assertThat(route.queueDatas()).containsExactly(
                    new QueueData(BROKER_A, 4, 4, Permission.READ_WRITE, 0),
                    new QueueData(BROKER_B, 4, 4, Permission.READ_WRITE, 0));
            assertThat(route.brokerDatas()).extracting(BrokerData::brokerName).containsExactly(BROKER_A, BROKER_B);
            assertThat(route.brokerDatas().get(0).brokerAddrs()).containsExactly(
                    Map.entry(new BrokerId(0), new BrokerAddress("10.0.0.1:10911")),
                    Map.entry(new BrokerId(1), new BrokerAddress("10.0.0.3:10911")));
            assertThat(route.filterServerTable()).isEmpty();
        }

        @Test
        void answersNoRoute_forUnknownTopic() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(table.route(topicName("Nope"))).isEmpty();
        }

        @Test
        void removesTheOtherId_whenAnAddressRegistersUnderANewId() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);
            // The old master is gone; its slave is promoted at the same address.
            table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));
            table.register(slave("broker-a", "10.0.0.2", 1).id(0).build(), NOW);

            assertThat(table.clusterInfo().brokerAddrTable().get(BROKER_A).brokerAddrs())
                    .containsExactly(Map.entry(BrokerId.MASTER, new BrokerAddress("10.0.0.2:10911")));
        }

        @Test
        void rejectsSingleTopicRegistration_beforeTheFirstFullOne_andChangesNothing() {
            RegistrationResult result = table.register(
                    master("broker-a", "10.0.0.1").topics(topic("T1", 4)).build(), NOW);

            assertThat(result.outcome())
                    .isEqualTo(RegistrationResult.Outcome.REJECTED_BEFORE_FIRST_FULL_REGISTRATION);
            assertThat(table.clusterInfo().clusterAddrTable()).isEmpty();
            assertThat(table.clusterInfo().brokerAddrTable()).isEmpty();
            assertThat(table.topics()).isEmpty();
        }

        @Test
        void acceptsSingleTopicRegistration_onceTheBrokerRegisteredInFull() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            RegistrationResult result = table.register(
                    master("broker-a", "10.0.0.1").version(2_000, 2).topics(topic("T3", 2)).build(), NOW);

            assertThat(result.isRegistered()).isTrue();
            assertThat(table.topics()).contains(topicName("T3"));
        }

        @Test
        void keepsTheBrokersOtherTopics_whenARegistrationAtANewVersionCarriesOnlyTheChangedOnes() {
            table.register(master("broker-a", "10.0.0.1").version(1_000, 1)
                    .topics(topic("T1", 4), topic("T2", 4), topic("T3", 4)).build(), NOW);

            table.register(master("broker-a", "10.0.0.1").version(2_000, 3)
                    .topics(topic("T2", 8), topic("T4", 2)).build(), NOW);

            assertThat(table.topics()).containsExactly(topicName("T1"), topicName("T2"), topicName("T3"),
                    topicName("T4"));
            assertThat(queueDataOf("T1", BROKER_A).writeQueueNums()).isEqualTo(4);
            assertThat(queueDataOf("T2", BROKER_A).writeQueueNums()).as("rewritten at the new version").isEqualTo(8);
            assertThat(queueDataOf("T4", BROKER_A).writeQueueNums()).isEqualTo(2);
        }

        @Test
        void acceptsRegistrationWithoutTopics() {
            RegistrationResult result = table.register(master("broker-a", "10.0.0.1").topics().build(), NOW);

            assertThat(result.isRegistered()).isTrue();
            assertThat(table.topics()).isEmpty();
            assertThat(table.clusterInfo().brokerAddrTable()).containsKey(BROKER_A);
        }

        @Test
        void slaveDoesNotTouchTopicRoutes() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            table.register(slave("broker-a", "10.0.0.2", 1).version(5_000, 9)
                    .topics(topic("T1", 16), topic("SlaveOnly", 1)).build(), NOW);

            assertThat(queueDataOf("T1", BROKER_A).writeQueueNums()).isEqualTo(4);
            assertThat(table.topics()).doesNotContain(topicName("SlaveOnly"));
        }

        @Test
        void slaveAlone_publishesNoTopics() {
            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);

            assertThat(table.topics()).isEmpty();
            assertThat(table.clusterInfo().brokerAddrTable().get(BROKER_A).brokerAddrs()).containsOnlyKeys(new BrokerId(1));
        }

        @Test
        void actingMasterSlave_publishesTopicsWithoutWritePermission_whileNoMasterIsRegistered() {
            table.register(slave("broker-a", "10.0.0.2", 1).actingMaster().build(), NOW);

            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(new Permission(Permission.PERM_READ));
        }

        @Test
        void actingMasterSlave_doesNotPublish_whenALowerIdIsRegistered() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(slave("broker-a", "10.0.0.2", 1).actingMaster()
                    .version(9_000, 9).topics(topic("T1", 16), topic("T9", 1)).build(), NOW);

            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(Permission.READ_WRITE);
            assertThat(table.topics()).doesNotContain(topicName("T9"));
        }

        @Test
        void tellsSlave_itsLiveMastersAddresses() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            RegistrationResult result = table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);

            assertThat(result.masterAddress()).contains(new BrokerAddress("10.0.0.1:10911"));
            assertThat(result.masterHaServerAddress()).contains(new BrokerAddress("10.0.0.1:10912"));
        }

        @Test
        void tellsSlaveNothing_whenNoMasterIsRegistered() {
            RegistrationResult result = table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);

            assertThat(result.masterAddress()).isEmpty();
            assertThat(result.masterHaServerAddress()).isEmpty();
        }

        @Test
        void tellsMasterNothing() {
            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);

            RegistrationResult result = table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(result.masterAddress()).isEmpty();
        }

        @Test
        void leavesRoutesUntouched_whenDataVersionIsUnchanged() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.wipeWritePermission(BROKER_A);

            // Same version, different content: the NameServer trusts the version and rewrites nothing.
            table.register(master("broker-a", "10.0.0.1").topics(topic("T1", 16), topic("T2", 16)).build(), NOW);

            QueueData t1 = queueDataOf("T1", BROKER_A);
            assertThat(t1.writeQueueNums()).isEqualTo(4);
            assertThat(t1.permission().isWritable()).isFalse();
        }

        @Test
        void rewritesRoutes_whenDataVersionChanged() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.wipeWritePermission(BROKER_A);

            table.register(master("broker-a", "10.0.0.1").version(2_000, 2)
                    .topics(topic("T1", 16), topic("T2", 8)).build(), NOW);

            QueueData t1 = queueDataOf("T1", BROKER_A);
            assertThat(t1.writeQueueNums()).isEqualTo(16);
            assertThat(t1.permission()).isEqualTo(Permission.READ_WRITE);
        }

        @Test
        void addsTopicLackingThisGroup_evenWhenDataVersionIsUnchanged() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.deleteTopic(topicName("T1"));

            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(table.route(topicName("T1"))).isPresent();
        }

        @Test
        void rewritesRoutes_onFirstRegistrationAtAnId_evenWhenDataVersionIsUnchanged() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(master("broker-a", "10.0.0.1").id(1).build(), NOW);
            table.wipeWritePermission(BROKER_A);

            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(Permission.READ_WRITE);
        }

        @Test
        void replacesFilterServers_andAnEmptyListForgetsThem() {
            table.register(master("broker-a", "10.0.0.1").filterServers("10.0.0.1:30000").build(), NOW);
            assertThat(table.route(topicName("T1")).orElseThrow().filterServerTable()).containsExactly(
                    Map.entry(new BrokerAddress("10.0.0.1:10911"), List.of(new BrokerAddress("10.0.0.1:30000"))));

            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(table.route(topicName("T1")).orElseThrow().filterServerTable()).isEmpty();
        }

        @Test
        void movesAnAddressOutOfItsOldGroup_whenItRegistersUnderAnotherName() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            table.register(master("broker-b", "10.0.0.1").build(), NOW);

            assertThat(table.clusterInfo().brokerAddrTable()).containsOnlyKeys(BROKER_B);
            assertThat(queueDataOf("T1", BROKER_B)).isNotNull();
            assertThat(table.route(topicName("T1")).orElseThrow().queueDatas()).hasSize(1);
        }
    }

    @Nested
    class Unregistering {

        @Test
        void removesGroupWithNoMemberLeft_fromItsCluster_withItsQueueData_andEmptiedTopics() {
            table.register(master("broker-a", "10.0.0.1").topics(topic("T1", 4), topic("OnlyA", 1)).build(), NOW);
            table.register(master("broker-b", "10.0.0.2").topics(topic("T1", 4), topic("OnlyB", 1)).build(), NOW);

            boolean known = table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));

            assertThat(known).isTrue();
            ClusterInfo info = table.clusterInfo();
            assertThat(info.brokerAddrTable()).containsOnlyKeys(BROKER_B);
            assertThat(info.clusterAddrTable()).containsEntry(CLUSTER, Set.of(BROKER_B));
            assertThat(table.topics()).containsExactly(topicName("OnlyB"), topicName("T1"));
            assertThat(table.route(topicName("T1")).orElseThrow().queueDatas())
                    .extracting(QueueData::brokerName).containsExactly(BROKER_B);
        }

        @Test
        void removesTheClusterToo_whenItsLastGroupGoes() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));

            assertThat(table.clusterInfo().clusterAddrTable()).isEmpty();
            assertThat(table.topics()).isEmpty();
        }

        @Test
        void keepsGroupAndTopics_whileAMemberRemains() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);

            table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));

            assertThat(table.clusterInfo().brokerAddrTable().get(BROKER_A).brokerAddrs()).containsOnlyKeys(new BrokerId(1));
            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(Permission.READ_WRITE);
        }

        @Test
        void wipesWritePermission_whenTheMasterOfAnActingMasterGroupLeaves() {
            table.register(master("broker-a", "10.0.0.1").actingMaster().build(), NOW);
            table.register(slave("broker-a", "10.0.0.2", 1).actingMaster().build(), NOW);

            table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));

            assertThat(queueDataOf("T1", BROKER_A).permission().isWritable()).isFalse();
        }

        @Test
        void answersFalse_forAnUnknownBroker() {
            assertThat(table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"))).isFalse();
        }

        @Test
        void forgetsTheSlavesMaster_soALaterSlaveRegistrationLearnsNone() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);
            table.unregister(CLUSTER, BROKER_A, new BrokerAddress("10.0.0.1:10911"));

            assertThat(table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW).masterAddress()).isEmpty();
        }
    }

    @Nested
    class Liveness {

        @Test
        void removesBroker_whenNotHeardWithinTimeout() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(table.expire(NOW + Registrations.TIMEOUT)).isEmpty();
            List<RemovedBroker> removed = table.expire(NOW + Registrations.TIMEOUT + 1);

            assertThat(removed).containsExactly(new RemovedBroker(CLUSTER, BROKER_A,
                    new BrokerAddress("10.0.0.1:10911"), new ConnectionId("conn-10.0.0.1-0")));
            assertThat(table.topics()).isEmpty();
            assertThat(table.clusterInfo().brokerAddrTable()).isEmpty();
        }

        @Test
        void usesEachBrokersOwnTimeout() {
            table.register(master("broker-a", "10.0.0.1").timeoutMillis(10_000).build(), NOW);
            table.register(master("broker-b", "10.0.0.2").build(), NOW);

            List<RemovedBroker> removed = table.expire(NOW + 10_001);

            assertThat(removed).extracting(RemovedBroker::brokerName).containsExactly(BROKER_A);
            assertThat(table.clusterInfo().brokerAddrTable()).containsOnlyKeys(BROKER_B);
        }

        @Test
        void keepsBroker_whileItsHeartbeatsArrive() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            assertThat(table.heartbeat(CLUSTER, new BrokerAddress("10.0.0.1:10911"), NOW + 100_000)).isTrue();

            assertThat(table.expire(NOW + 200_000)).isEmpty();
            assertThat(table.expire(NOW + 220_001)).hasSize(1);
        }

        @Test
        void heartbeatFromAnUnknownBroker_registersNothing() {
            assertThat(table.heartbeat(CLUSTER, new BrokerAddress("10.0.0.1:10911"), NOW)).isFalse();
            assertThat(table.clusterInfo().brokerAddrTable()).isEmpty();
        }

        @Test
        void unchangedDataVersionQuery_refreshesLiveness() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            DataVersionCheck check = table.checkDataVersion(CLUSTER, new BrokerAddress("10.0.0.1:10911"),
                    new DataVersion(1_000, 1, 0), NOW + 100_000);

            assertThat(check.changed()).isFalse();
            assertThat(check.nameServerVersion()).contains(new DataVersion(1_000, 1, 0));
            assertThat(table.expire(NOW + 200_000)).isEmpty();
        }

        @Test
        void changedDataVersionQuery_reportsTheHeldVersion_andDoesNotRefreshLiveness() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            DataVersionCheck check = table.checkDataVersion(CLUSTER, new BrokerAddress("10.0.0.1:10911"),
                    new DataVersion(2_000, 2, 0), NOW + 100_000);

            assertThat(check.changed()).isTrue();
            assertThat(check.nameServerVersion()).contains(new DataVersion(1_000, 1, 0));
            assertThat(table.expire(NOW + 120_001)).hasSize(1);
        }

        @Test
        void dataVersionQueryFromAnUnknownBroker_saysChanged() {
            DataVersionCheck check = table.checkDataVersion(CLUSTER, new BrokerAddress("10.0.0.1:10911"),
                    new DataVersion(1_000, 1, 0), NOW);

            assertThat(check.changed()).isTrue();
            assertThat(check.nameServerVersion()).isEmpty();
        }

        @Test
        void removesBrokerAtOnce_whenItsConnectionCloses() {
            table.register(master("broker-a", "10.0.0.1").connection("chan-1").build(), NOW);
            table.register(master("broker-b", "10.0.0.2").connection("chan-2").build(), NOW);

            List<RemovedBroker> removed = table.dropConnection(new ConnectionId("chan-1"));

            assertThat(removed).extracting(RemovedBroker::brokerName).containsExactly(BROKER_A);
            assertThat(table.clusterInfo().brokerAddrTable()).containsOnlyKeys(BROKER_B);
            assertThat(table.dropConnection(new ConnectionId("chan-unknown"))).isEmpty();
        }
    }

    @Nested
    class Administering {

        @Test
        void wipesAndRestoresWritePermission_countingTheGroupsTopics() {
            table.register(master("broker-a", "10.0.0.1").topics(
                    TopicConfig.of(new TopicName("T1"), 4, 4, new Permission(7)), topic("T2", 4)).build(), NOW);
            table.register(master("broker-b", "10.0.0.2").build(), NOW);

            assertThat(table.wipeWritePermission(BROKER_A)).isEqualTo(2);
            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(new Permission(5));
            assertThat(queueDataOf("T1", BROKER_B).permission()).isEqualTo(Permission.READ_WRITE);

            assertThat(table.addWritePermission(BROKER_A)).isEqualTo(2);
            assertThat(queueDataOf("T1", BROKER_A).permission()).isEqualTo(Permission.READ_WRITE);
            assertThat(table.addWritePermission(new BrokerName("nobody"))).isZero();
        }

        @Test
        void deletesTopicEverywhere() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);

            table.deleteTopic(topicName("T1"));

            assertThat(table.topics()).containsExactly(topicName("T2"));
            assertThat(table.route(topicName("T1"))).isEmpty();
        }

        @Test
        void deletesTopicOnlyOnOneClustersGroups() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            table.register(master("broker-b", "10.0.0.2").cluster("Other").build(), NOW);

            table.deleteTopic(topicName("T1"), CLUSTER);

            assertThat(table.route(topicName("T1")).orElseThrow().queueDatas())
                    .extracting(QueueData::brokerName).containsExactly(BROKER_B);
            table.deleteTopic(topicName("T1"), new ClusterName("Other"));
            assertThat(table.topics()).containsExactly(topicName("T2"));
        }

        @Test
        void listsTopicsOfOneCluster() {
            table.register(master("broker-a", "10.0.0.1").topics(topic("T1", 4), topic("A", 1)).build(), NOW);
            table.register(master("broker-b", "10.0.0.2").cluster("Other")
                    .topics(topic("T1", 4), topic("B", 1)).build(), NOW);

            assertThat(table.topicsOf(CLUSTER)).containsExactly(topicName("A"), topicName("T1"));
            assertThat(table.topicsOf(new ClusterName("Other"))).containsExactly(topicName("B"), topicName("T1"));
            assertThat(table.topicsOf(new ClusterName("Unknown"))).isEmpty();
        }

        @Test
        void snapshotsDoNotChange_whenTheTableDoes() {
            table.register(master("broker-a", "10.0.0.1").build(), NOW);
            TopicRoute before = table.route(topicName("T1")).orElseThrow();
            ClusterInfo infoBefore = table.clusterInfo();

            table.register(slave("broker-a", "10.0.0.2", 1).build(), NOW);
            table.wipeWritePermission(BROKER_A);

            assertThat(before.queueDatas().get(0).permission()).isEqualTo(Permission.READ_WRITE);
            assertThat(before.brokerDatas().get(0).brokerAddrs()).hasSize(1);
            assertThat(infoBefore.brokerAddrTable().get(BROKER_A).brokerAddrs()).hasSize(1);
            assertThat(before.orderTopicConf()).isEqualTo(Optional.empty());
        }
    }
}
