package io.hexmq.adapters.netty.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.serializer.SerializerFeature;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.QueueData;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.JsonFlavour;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Golden proofs: the official classes (fastjson inside rocketmq-remoting) decode every body the
 * NameServer writes, in both JSON flavours, to exactly the values it was written from; and where
 * fastjson's own output is deterministic, hexmq writes the same bytes.
 */
class OfficialBodiesTest {

    private static final ClusterName CLUSTER = new ClusterName("DefaultCluster");
    private static final BrokerName BROKER_A = new BrokerName("broker-a");
    private static final BrokerName BROKER_B = new BrokerName("broker-b.example.com");

    private static BrokerData brokerA() {
        return new BrokerData(CLUSTER, BROKER_A, Map.of(
                BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911"),
                new BrokerId(1), new BrokerAddress("10.0.0.2:10911"),
                new BrokerId(12), new BrokerAddress("[::1]:10911")), Optional.empty(), false);
    }

    private static BrokerData brokerB() {
        return new BrokerData(new ClusterName("OtherCluster"), BROKER_B,
                Map.of(BrokerId.MASTER, new BrokerAddress("host-\"b\".example.com:10911")), Optional.of("zone-1"), true);
    }

    private static TopicRoute route() {
        return new TopicRoute(Optional.of("broker-a:4;broker-b.example.com:8"),
                List.of(new QueueData(BROKER_A, 4, 4, Permission.READ_WRITE, 0),
                        new QueueData(BROKER_B, 8, 6, new Permission(Permission.PERM_READ), 1)),
                List.of(brokerA(), brokerB()),
                Map.of(new BrokerAddress("10.0.0.1:10911"),
                        List.of(new BrokerAddress("10.0.0.1:30000"), new BrokerAddress("10.0.0.1:30001"))));
    }

    @ParameterizedTest
    @EnumSource(JsonFlavour.class)
    void officialTopicRouteData_decodesEveryField(JsonFlavour flavour) {
        TopicRouteData decoded = TopicRouteData.decode(RouteBodies.topicRoute(route(), flavour), TopicRouteData.class);

        assertThat(decoded.getOrderTopicConf()).isEqualTo("broker-a:4;broker-b.example.com:8");
        assertThat(decoded.getQueueDatas()).hasSize(2);
        var qa = decoded.getQueueDatas().get(0);
        assertThat(List.of(qa.getBrokerName(), qa.getReadQueueNums(), qa.getWriteQueueNums(), qa.getPerm(), qa.getTopicSysFlag()))
                .containsExactly("broker-a", 4, 4, 6, 0);
        var qb = decoded.getQueueDatas().get(1);
        assertThat(List.of(qb.getBrokerName(), qb.getReadQueueNums(), qb.getWriteQueueNums(), qb.getPerm(), qb.getTopicSysFlag()))
                .containsExactly("broker-b.example.com", 8, 6, 4, 1);
        assertThat(decoded.getBrokerDatas()).hasSize(2);
        assertOfficialBrokerA(decoded.getBrokerDatas().get(0));
        assertOfficialBrokerB(decoded.getBrokerDatas().get(1));
        assertThat(decoded.getFilterServerTable())
                .containsExactly(Map.entry("10.0.0.1:10911", List.of("10.0.0.1:30000", "10.0.0.1:30001")));
        assertThat(decoded.getTopicQueueMappingByBroker()).isNull();
    }

    private static void assertOfficialBrokerA(org.apache.rocketmq.remoting.protocol.route.BrokerData data) {
        assertThat(data.getCluster()).isEqualTo("DefaultCluster");
        assertThat(data.getBrokerName()).isEqualTo("broker-a");
        assertThat(data.getBrokerAddrs()).containsExactlyInAnyOrderEntriesOf(
                Map.of(0L, "10.0.0.1:10911", 1L, "10.0.0.2:10911", 12L, "[::1]:10911"));
        assertThat(data.getZoneName()).isNull();
        assertThat(data.isEnableActingMaster()).isFalse();
    }

    private static void assertOfficialBrokerB(org.apache.rocketmq.remoting.protocol.route.BrokerData data) {
        assertThat(data.getCluster()).isEqualTo("OtherCluster");
        assertThat(data.getBrokerName()).isEqualTo("broker-b.example.com");
        assertThat(data.getBrokerAddrs()).containsExactly(Map.entry(0L, "host-\"b\".example.com:10911"));
        assertThat(data.getZoneName()).isEqualTo("zone-1");
        assertThat(data.isEnableActingMaster()).isTrue();
    }

    @Test
    void legacyFlavour_leavesBrokerIdsUnquoted_asProtocolDescribes() {
        String legacy = new String(RouteBodies.topicRoute(route(), JsonFlavour.LEGACY), StandardCharsets.UTF_8);
        String standard = new String(RouteBodies.topicRoute(route(), JsonFlavour.STANDARD), StandardCharsets.UTF_8);

        assertThat(legacy).contains("\"brokerAddrs\":{0:\"10.0.0.1:10911\",1:\"10.0.0.2:10911\",12:\"[::1]:10911\"}");
        assertThat(standard).contains("\"brokerAddrs\":{\"0\":\"10.0.0.1:10911\",\"1\":\"10.0.0.2:10911\",\"12\":\"[::1]:10911\"}");
        assertThat(legacy).contains("{0:\"host-\\\"b\\\".example.com:10911\"}");
    }

    @Test
    void routeWithoutOrderConf_leavesTheFieldOut() {
        TopicRoute plain = route().withOrderTopicConf(Optional.empty());

        for (JsonFlavour flavour : JsonFlavour.values()) {
            byte[] body = RouteBodies.topicRoute(plain, flavour);
            assertThat(new String(body, StandardCharsets.UTF_8)).doesNotContain("orderTopicConf");
            assertThat(TopicRouteData.decode(body, TopicRouteData.class).getOrderTopicConf()).isNull();
        }
    }

    /** One broker and one filter server keep fastjson's HashMap order deterministic, so the bytes compare. */
    @Test
    void writesTheSameBytesAsTheOfficialNameServer_inBothFlavours() {
        TopicRoute single = new TopicRoute(Optional.empty(),
                List.of(new QueueData(BROKER_A, 4, 4, Permission.READ_WRITE, 0)),
                List.of(new BrokerData(CLUSTER, BROKER_A, new TreeMap<>(Map.of(
                        BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911"),
                        new BrokerId(1), new BrokerAddress("10.0.0.2:10911"))), Optional.of("zone-1"), false)),
                Map.of());
        TopicRouteData official = TopicRouteData.decode(RouteBodies.topicRoute(single, JsonFlavour.STANDARD),
                TopicRouteData.class);

        assertThat(RouteBodies.topicRoute(single, JsonFlavour.LEGACY)).asString(StandardCharsets.UTF_8)
                .isEqualTo(new String(official.encode(), StandardCharsets.UTF_8));
        assertThat(RouteBodies.topicRoute(single, JsonFlavour.STANDARD)).asString(StandardCharsets.UTF_8)
                .isEqualTo(new String(official.encode(SerializerFeature.BrowserCompatible,
                        SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField,
                        SerializerFeature.MapSortField), StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(JsonFlavour.class)
    void officialClusterInfo_decodesEveryField(JsonFlavour flavour) {
        ClusterInfo info = new ClusterInfo(
                Map.of(BROKER_A, brokerA(), BROKER_B, brokerB()),
                Map.of(CLUSTER, Set.of(BROKER_A), new ClusterName("OtherCluster"), Set.of(BROKER_B, new BrokerName("broker-c"))));

        org.apache.rocketmq.remoting.protocol.body.ClusterInfo decoded = org.apache.rocketmq.remoting.protocol.body.ClusterInfo
                .decode(RouteBodies.clusterInfo(info, flavour), org.apache.rocketmq.remoting.protocol.body.ClusterInfo.class);

        assertThat(decoded.getBrokerAddrTable()).containsOnlyKeys("broker-a", "broker-b.example.com");
        assertOfficialBrokerA(decoded.getBrokerAddrTable().get("broker-a"));
        assertOfficialBrokerB(decoded.getBrokerAddrTable().get("broker-b.example.com"));
        assertThat(decoded.getClusterAddrTable()).containsOnly(
                Map.entry("DefaultCluster", Set.of("broker-a")),
                Map.entry("OtherCluster", Set.of("broker-b.example.com", "broker-c")));
    }

    @Test
    void emptyClusterInfo_isTwoEmptyTables() {
        byte[] body = RouteBodies.clusterInfo(new ClusterInfo(Map.of(), Map.of()), JsonFlavour.LEGACY);

        assertThat(body).asString(StandardCharsets.UTF_8).isEqualTo("{\"brokerAddrTable\":{},\"clusterAddrTable\":{}}");
        assertThat(org.apache.rocketmq.remoting.protocol.body.ClusterInfo.decode(body,
                org.apache.rocketmq.remoting.protocol.body.ClusterInfo.class).getBrokerAddrTable()).isEmpty();
    }

    @Test
    void officialTopicList_decodesEveryTopic() {
        byte[] body = NameServerBodies.topicList(List.of(new TopicName("TopicTest"), new TopicName("%RETRY%group"),
                TopicName.reportedByBroker("broker-a.example.com")));

        TopicList decoded = TopicList.decode(body, TopicList.class);

        assertThat(body).asString(StandardCharsets.UTF_8)
                .isEqualTo("{\"topicList\":[\"TopicTest\",\"%RETRY%group\",\"broker-a.example.com\"]}");
        assertThat(decoded.getTopicList()).containsExactlyInAnyOrder("TopicTest", "%RETRY%group", "broker-a.example.com");
        assertThat(decoded.getBrokerAddr()).isNull();
        assertThat(TopicList.decode(NameServerBodies.topicList(List.of()), TopicList.class).getTopicList()).isEmpty();
    }

    @Test
    void officialKvTable_decodesEveryEntry() {
        Map<String, String> table = new TreeMap<>(Map.of("Ordered", "broker-a:4;broker-b:4", "quote\"d", "ü \\ /"));

        KVTable decoded = KVTable.decode(NameServerBodies.kvTable(table), KVTable.class);

        assertThat(decoded.getTable()).isEqualTo(new HashMap<>(table));
    }

    @Test
    void officialDataVersion_decodesEveryPart_andHexmqReadsTheOfficialEncoding() {
        DataVersion version = new DataVersion(1_700_000_000_123L, 42, 7);

        byte[] body = NameServerBodies.dataVersion(version);
        org.apache.rocketmq.remoting.protocol.DataVersion decoded =
                org.apache.rocketmq.remoting.protocol.DataVersion.decode(body, org.apache.rocketmq.remoting.protocol.DataVersion.class);

        assertThat(body).asString(StandardCharsets.UTF_8)
                .isEqualTo("{\"counter\":42,\"stateVersion\":7,\"timestamp\":1700000000123}");
        assertThat(decoded.getTimestamp()).isEqualTo(1_700_000_000_123L);
        assertThat(decoded.getCounter().get()).isEqualTo(42);
        assertThat(decoded.getStateVersion()).isEqualTo(7);
        assertThat(decoded.encode()).isEqualTo(body);
        assertThat(NameServerBodies.parseDataVersion(OfficialBroker.dataVersion(5, 6, 0).encode()))
                .isEqualTo(new DataVersion(5, 6, 0));
        assertThat(NameServerBodies.parseDataVersion("{\"counter\":3,\"timestamp\":9}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new DataVersion(9, 3, 0));
    }
}
