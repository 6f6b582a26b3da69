package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.bootstrap.NameServerNode;
import io.hexmq.bootstrap.config.NameServerConfig;
import io.hexmq.bootstrap.config.RawConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.ClientRemotingProcessor;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NameServer as Apache RocketMQ's own code sees it: brokers register through the official remoting
 * client and body encoder; routes, clusters, topic lists and KV config are read back through the
 * official client's API (MQClientAPIImpl, DefaultMQProducer).
 */
class NameServerCompatibilityIT {

    private static final long TIMEOUT = 5_000;
    private static final int READ_WRITE = 6;

    @TempDir
    Path dataDir;

    // Official clients take seconds to shut down, so the test class shares them; each test gets its
    // own NameServer (and so a clean route table).
    private static MQClientAPIImpl client;
    private static NettyRemotingClient brokerConnection;

    private NameServerNode nameServer;
    private String nameServerAddress;
    private final java.util.List<OfficialBroker> brokers = new java.util.ArrayList<>();

    @BeforeAll
    static void startOfficialClients() {
        client = new MQClientAPIImpl(new NettyClientConfig(), new ClientRemotingProcessor(null), null, new ClientConfig());
        client.start();
        brokerConnection = OfficialBroker.newRemotingClient();
    }

    @AfterAll
    static void stopOfficialClients() {
        client.shutdown();
        brokerConnection.shutdown();
    }

    @BeforeEach
    void startNameServer() throws Exception {
        nameServer = startNode();
        nameServerAddress = nameServer.address().toString();
        client.updateNameServerAddressList(nameServerAddress);
    }

    private NameServerNode startNode() throws Exception {
        return NameServerNode.start(NameServerConfig.from(RawConfig.of(Map.of(
                "bindAddress", "127.0.0.1",
                "listenPort", "0",
                "kvConfigPath", dataDir.resolve("namesrv/kvConfig.json").toString()))));
    }

    @AfterEach
    void stopAll() {
        brokers.forEach(OfficialBroker::close);
        if (nameServer != null) {
            nameServer.close();
        }
    }

    private OfficialBroker broker(String cluster, String name, String address, long id) {
        OfficialBroker broker = new OfficialBroker(nameServerAddress, cluster, name, address, id, brokerConnection);
        brokers.add(broker);
        return broker;
    }

    @ParameterizedTest(name = "compressed body: {0}")
    @ValueSource(booleans = {false, true})
    void officialClientReadsTheRouteOfARegisteredBroker(boolean compressed) throws Exception {
        OfficialBroker broker = broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0)
                .withTopic("TopicTest", 4, 4, READ_WRITE)
                .withTopic("TopicWide", 8, 6, 4);

        RemotingCommand response = broker.register(compressed);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);

        TopicRouteData route = client.getTopicRouteInfoFromNameServer("TopicTest", TIMEOUT);
        assertThat(route.getQueueDatas()).hasSize(1);
        QueueData queues = route.getQueueDatas().get(0);
        assertThat(queues.getBrokerName()).isEqualTo("broker-a");
        assertThat(queues.getReadQueueNums()).isEqualTo(4);
        assertThat(queues.getWriteQueueNums()).isEqualTo(4);
        assertThat(queues.getPerm()).isEqualTo(READ_WRITE);
        assertThat(queues.getTopicSysFlag()).isZero();
        assertThat(route.getBrokerDatas()).hasSize(1);
        BrokerData brokerData = route.getBrokerDatas().get(0);
        assertThat(brokerData.getCluster()).isEqualTo("DefaultCluster");
        assertThat(brokerData.getBrokerName()).isEqualTo("broker-a");
        assertThat(brokerData.getBrokerAddrs()).containsExactly(Map.entry(0L, "127.0.0.1:10911"));
        assertThat(route.getFilterServerTable()).isEmpty();
        assertThat(route.getOrderTopicConf()).isNull();

        QueueData wide = client.getTopicRouteInfoFromNameServer("TopicWide", TIMEOUT).getQueueDatas().get(0);
        assertThat(wide.getReadQueueNums()).isEqualTo(8);
        assertThat(wide.getWriteQueueNums()).isEqualTo(6);
        assertThat(wide.getPerm()).isEqualTo(4);
    }

    @Test
    void acceptsTheCompactBinaryHeaderEncoding() throws Exception {
        OfficialBroker broker = broker("DefaultCluster", "broker-bin", "127.0.0.1:10931", 0)
                .withTopic("BinaryTopic", 2, 2, READ_WRITE);

        assertThat(broker.register(false, SerializeType.ROCKETMQ).getCode()).isEqualTo(ResponseCode.SUCCESS);

        assertThat(client.getTopicRouteInfoFromNameServer("BinaryTopic", TIMEOUT).getBrokerDatas())
                .extracting(BrokerData::getBrokerName).containsExactly("broker-bin");
    }

    @Test
    void producerBuildsItsWriteQueuesFromTheRoute() throws Exception {
        broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0).withTopic("OrdersTopic", 4, 4, READ_WRITE).register(false);
        broker("DefaultCluster", "broker-b", "127.0.0.1:10921", 0).withTopic("OrdersTopic", 2, 2, READ_WRITE).register(true);

        DefaultMQProducer producer = new DefaultMQProducer("route-reader");
        producer.setNamesrvAddr(nameServerAddress);
        producer.setInstanceName("route-reader-" + System.nanoTime());
        producer.start();
        try {
            List<MessageQueue> queues = producer.fetchPublishMessageQueues("OrdersTopic");
            assertThat(queues).containsExactlyInAnyOrder(
                    new MessageQueue("OrdersTopic", "broker-a", 0), new MessageQueue("OrdersTopic", "broker-a", 1),
                    new MessageQueue("OrdersTopic", "broker-a", 2), new MessageQueue("OrdersTopic", "broker-a", 3),
                    new MessageQueue("OrdersTopic", "broker-b", 0), new MessageQueue("OrdersTopic", "broker-b", 1));
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void slaveLearnsItsMasterAndBothAddressesAreRouted() throws Exception {
        OfficialBroker master = broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0).withTopic("HaTopic", 4, 4, READ_WRITE);
        OfficialBroker slave = broker("DefaultCluster", "broker-a", "127.0.0.1:10941", 1).withTopic("HaTopic", 4, 4, READ_WRITE);
        master.register(false);

        RemotingCommand response = slave.register(false);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(OfficialBroker.headerOf(response))
                .containsEntry("masterAddr", "127.0.0.1:10911")
                .containsEntry("haServerAddr", master.haAddress);
        assertThat(client.getTopicRouteInfoFromNameServer("HaTopic", TIMEOUT).getBrokerDatas().get(0).getBrokerAddrs())
                .containsExactlyInAnyOrderEntriesOf(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10941"));
    }

    @Test
    void clusterInfoAndTopicListsDescribeEveryBroker() throws Exception {
        broker("ClusterA", "broker-a", "127.0.0.1:10911", 0).withTopic("T1", 4, 4, READ_WRITE).register(false);
        broker("ClusterB", "broker-b", "127.0.0.1:10921", 0).withTopic("T2", 4, 4, READ_WRITE).register(true);

        ClusterInfo info = client.getBrokerClusterInfo(TIMEOUT);
        assertThat(info.getClusterAddrTable()).containsOnlyKeys("ClusterA", "ClusterB");
        assertThat(info.getClusterAddrTable().get("ClusterA")).containsExactly("broker-a");
        assertThat(info.getBrokerAddrTable()).containsOnlyKeys("broker-a", "broker-b");
        assertThat(info.getBrokerAddrTable().get("broker-b").getCluster()).isEqualTo("ClusterB");
        assertThat(info.getBrokerAddrTable().get("broker-b").getBrokerAddrs()).containsExactly(Map.entry(0L, "127.0.0.1:10921"));

        assertThat(client.getTopicListFromNameServer(TIMEOUT).getTopicList()).contains("T1", "T2");
        assertThat(client.getTopicsByCluster("ClusterA", TIMEOUT).getTopicList())
                .contains("T1", "TBW102", "ClusterA", "broker-a").doesNotContain("T2", "ClusterB", "broker-b");
    }

    @Test
    void unknownTopicIsReportedAsTopicNotExist() {
        assertThatThrownBy(() -> client.getTopicRouteInfoFromNameServer("NoSuchTopic", TIMEOUT))
                .isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
    }

    @Test
    void unregisteredBrokerDisappearsWithItsRoutesAndCluster() throws Exception {
        OfficialBroker broker = broker("Solo", "broker-x", "127.0.0.1:10951", 0).withTopic("GoneTopic", 4, 4, READ_WRITE);
        broker.register(false);

        assertThat(broker.unregister().getCode()).isEqualTo(ResponseCode.SUCCESS);

        awaitTrue(() -> !routeExists("GoneTopic"));
        assertThat(client.getBrokerClusterInfo(TIMEOUT).getBrokerAddrTable()).doesNotContainKey("broker-x");
    }

    @Test
    void closingTheBrokerConnectionRemovesTheBrokerAtOnce() throws Exception {
        OfficialBroker broker = new OfficialBroker(nameServerAddress, "DefaultCluster", "broker-c", "127.0.0.1:10961", 0)
                .withTopic("ChannelTopic", 4, 4, READ_WRITE);
        brokers.add(broker);
        broker.register(false);
        assertThat(routeExists("ChannelTopic")).isTrue();

        broker.close();

        awaitTrue(() -> !routeExists("ChannelTopic"));
    }

    @Test
    void queryDataVersionAndHeartbeatKeepTheBrokerKnown() throws Exception {
        OfficialBroker broker = broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0).withTopic("VersionTopic", 4, 4, READ_WRITE);
        broker.register(false);

        RemotingCommand unchanged = broker.queryDataVersion();
        assertThat(unchanged.getCode()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(OfficialBroker.headerOf(unchanged)).containsEntry("changed", "false");

        broker.withTopic("AnotherTopic", 1, 1, READ_WRITE);
        assertThat(OfficialBroker.headerOf(broker.queryDataVersion())).containsEntry("changed", "true");
        assertThat(broker.heartbeat().getCode()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void wipingAndAddingWritePermissionChangesTheRoute() throws Exception {
        OfficialBroker broker = broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0)
                .withTopic("PermA", 4, 4, READ_WRITE).withTopic("PermB", 4, 4, READ_WRITE);
        broker.register(false);
        int writableTopics = broker.topics.size();

        assertThat(client.wipeWritePermOfBroker(nameServerAddress, "broker-a", TIMEOUT)).isEqualTo(writableTopics);
        assertThat(client.getTopicRouteInfoFromNameServer("PermA", TIMEOUT).getQueueDatas().get(0).getPerm()).isEqualTo(4);

        assertThat(client.addWritePermOfBroker(nameServerAddress, "broker-a", TIMEOUT)).isEqualTo(writableTopics);
        assertThat(client.getTopicRouteInfoFromNameServer("PermB", TIMEOUT).getQueueDatas().get(0).getPerm()).isEqualTo(READ_WRITE);
    }

    @Test
    void deletedTopicHasNoRouteAnyMore() throws Exception {
        broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0).withTopic("DoomedTopic", 4, 4, READ_WRITE).register(false);

        client.deleteTopicInNameServer(nameServerAddress, "DoomedTopic", TIMEOUT);

        assertThat(routeExists("DoomedTopic")).isFalse();
    }

    @Test
    void kvConfigCanBePutReadListedAndDeleted() throws Exception {
        client.putKVConfigValue("ORDER_TOPIC_CONFIG", "OrderedTopic", "broker-a:4", TIMEOUT);
        client.putKVConfigValue("ORDER_TOPIC_CONFIG", "OtherTopic", "broker-b:2", TIMEOUT);

        assertThat(client.getKVConfigValue("ORDER_TOPIC_CONFIG", "OrderedTopic", TIMEOUT)).isEqualTo("broker-a:4");
        assertThat(client.getKVListByNamespace("ORDER_TOPIC_CONFIG", TIMEOUT).getTable())
                .containsExactlyInAnyOrderEntriesOf(Map.of("OrderedTopic", "broker-a:4", "OtherTopic", "broker-b:2"));

        client.deleteKVConfigValue("ORDER_TOPIC_CONFIG", "OtherTopic", TIMEOUT);
        assertThatThrownBy(() -> client.getKVConfigValue("ORDER_TOPIC_CONFIG", "OtherTopic", TIMEOUT))
                .isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.QUERY_NOT_FOUND));
    }

    @Test
    void kvConfigSurvivesARestart() throws Exception {
        client.putKVConfigValue("app", "color", "blue", TIMEOUT);
        nameServer.close();

        nameServer = startNode();
        client.updateNameServerAddressList(nameServer.address().toString());

        assertThat(client.getKVConfigValue("app", "color", TIMEOUT)).isEqualTo("blue");
    }

    @Test
    void registrationReplyCarriesTheOrderTopicConfig() throws Exception {
        client.putKVConfigValue("ORDER_TOPIC_CONFIG", "OrderedTopic", "broker-a:4", TIMEOUT);

        RemotingCommand response = broker("DefaultCluster", "broker-a", "127.0.0.1:10911", 0)
                .withTopic("OrderedTopic", 4, 4, READ_WRITE).register(false);

        assertThat(new String(response.getBody(), java.nio.charset.StandardCharsets.UTF_8))
                .contains("\"OrderedTopic\"").contains("broker-a:4");
    }

    private boolean routeExists(String topic) {
        try {
            client.getTopicRouteInfoFromNameServer(topic, TIMEOUT);
            return true;
        } catch (MQClientException e) {
            if (e.getResponseCode() == ResponseCode.TOPIC_NOT_EXIST) {
                return false;
            }
            throw new AssertionError(e);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static void awaitTrue(BooleanSupplier condition) {
        io.hexmq.bootstrap.Await.until("condition", Duration.ofSeconds(30), condition);
    }
}
