package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hexmq.application.namesrv.NameServerSettings;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Routes, cluster info and topic lists, after two broker groups of two clusters registered. */
class RouteQueryHandlersTest {

    private final NameServerHandlers ns = new NameServerHandlers();

    @BeforeEach
    void registerBrokers() {
        call(ns.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"));
        call(ns.registerBroker, OfficialBroker.member("broker-a", "10.0.0.2:10911", 1));
        RemotingCommand other = OfficialBroker.register("broker-b", "10.0.0.3:10911", 0,
                OfficialBroker.body(OfficialBroker.dataVersion(5, 1, 0), List.of(
                        OfficialBroker.topic("TopicTest", 2, 2, 6),
                        OfficialBroker.topic("OtherCluster.example", 1, 1, 7)), List.of()).encode(true),
                true).extField("clusterName", "OtherCluster").build();
        assertThat(call(ns.registerBroker, other).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static RemotingCommand.Builder routeRequest(String topic) {
        return RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC).extField("topic", topic);
    }

    private static String text(RemotingCommand response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    @Test
    void route_answersStandardJson_toClientsOfV4_9_4AndLater() {
        RemotingCommand response = call(ns.getRouteInfoByTopic,
                routeRequest("TopicTest").version(ProtocolVersion.V4_9_4).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(text(response)).contains("\"brokerAddrs\":{\"0\":\"10.0.0.1:10911\",\"1\":\"10.0.0.2:10911\"}");
        TopicRouteData route = TopicRouteData.decode(response.body(), TopicRouteData.class);
        assertThat(route.getQueueDatas()).extracting(QueueData::getBrokerName, QueueData::getReadQueueNums,
                        QueueData::getWriteQueueNums, QueueData::getPerm, QueueData::getTopicSysFlag)
                .containsExactly(tuple("broker-a", 4, 4, 6, 0),
                        tuple("broker-b", 2, 2, 6, 0));
        assertThat(route.getBrokerDatas()).extracting(BrokerData::getBrokerName, BrokerData::getCluster)
                .containsExactly(tuple("broker-a", "DefaultCluster"),
                        tuple("broker-b", "OtherCluster"));
        assertThat(route.getBrokerDatas().get(0).getBrokerAddrs())
                .containsOnly(Map.entry(0L, "10.0.0.1:10911"), Map.entry(1L, "10.0.0.2:10911"));
        assertThat(route.getFilterServerTable()).isEmpty();
        assertThat(route.getOrderTopicConf()).isNull();
    }

    @Test
    void route_answersLegacyJson_toOlderClients_unlessTheyAcceptStandardJsonOnly() {
        RemotingCommand legacy = call(ns.getRouteInfoByTopic,
                routeRequest("TopicTest").version(ProtocolVersion.V4_9_4 - 1).build());
        RemotingCommand asked = call(ns.getRouteInfoByTopic, routeRequest("TopicTest")
                .version(ProtocolVersion.V4_0_0).extField("acceptStandardJsonOnly", true).build());

        assertThat(text(legacy)).contains("\"brokerAddrs\":{0:\"10.0.0.1:10911\",1:\"10.0.0.2:10911\"}");
        assertThat(TopicRouteData.decode(legacy.body(), TopicRouteData.class).getBrokerDatas().get(0).getBrokerAddrs())
                .containsOnly(Map.entry(0L, "10.0.0.1:10911"), Map.entry(1L, "10.0.0.2:10911"));
        assertThat(text(asked)).contains("\"brokerAddrs\":{\"0\":");
    }

    @Test
    void route_answersTopicNotExist_withTheOfficialRemark() {
        RemotingCommand response = call(ns.getRouteInfoByTopic, routeRequest("Nowhere").build());

        assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.remark()).isEqualTo("No topic route info in name server for the topic: Nowhere");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void route_findsTopicsNamedAfterHosts() {
        RemotingCommand response = call(ns.getRouteInfoByTopic, routeRequest("OtherCluster.example").build());

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(TopicRouteData.decode(response.body(), TopicRouteData.class).getQueueDatas())
                .extracting(QueueData::getBrokerName).containsExactly("broker-b");
    }

    @Test
    void route_carriesOrderTopicConf_whenTheNameServerServesIt() {
        NameServerHandlers ordered = new NameServerHandlers(new NameServerSettings(true, true,
                Duration.ofSeconds(5), Duration.ofSeconds(120)));
        call(ordered.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"));
        ordered.kvConfig.change(s -> s.with(KvNamespace.ORDER_TOPIC_CONFIG, "TopicTest", "broker-a:4"), ordered.kvStore::save);

        RemotingCommand response = call(ordered.getRouteInfoByTopic, routeRequest("TopicTest").build());

        assertThat(TopicRouteData.decode(response.body(), TopicRouteData.class).getOrderTopicConf()).isEqualTo("broker-a:4");
    }

    @Test
    void route_answersSystemError_forAMissingTopicHeader() {
        RemotingCommand response = ns.dispatch(RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("topic");
    }

    @Test
    void clusterInfo_listsEveryGroupAndCluster_inTheRequestedFlavour() {
        RemotingCommand standard = call(ns.getBrokerClusterInfo,
                RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).build());
        RemotingCommand legacy = call(ns.getBrokerClusterInfo,
                RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).version(ProtocolVersion.V4_0_0).build());

        assertThat(text(standard)).contains("{\"0\":\"10.0.0.1:10911\"");
        assertThat(text(legacy)).contains("{0:\"10.0.0.1:10911\"");
        for (RemotingCommand response : List.of(standard, legacy)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            ClusterInfo info = ClusterInfo.decode(response.body(), ClusterInfo.class);
            assertThat(info.getClusterAddrTable()).containsOnly(
                    Map.entry("DefaultCluster", Set.of("broker-a")), Map.entry("OtherCluster", Set.of("broker-b")));
            assertThat(info.getBrokerAddrTable().get("broker-a").getBrokerAddrs())
                    .containsOnly(Map.entry(0L, "10.0.0.1:10911"), Map.entry(1L, "10.0.0.2:10911"));
            assertThat(info.getBrokerAddrTable().get("broker-b").getCluster()).isEqualTo("OtherCluster");
        }
    }

    @Test
    void allTopics_andTopicsByCluster_answerTopicLists() {
        RemotingCommand all = call(ns.getAllTopicList,
                RemotingCommand.request(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER).build());
        RemotingCommand ofOther = call(ns.getTopicsByCluster,
                RemotingCommand.request(RequestCode.GET_TOPICS_BY_CLUSTER).extField("cluster", "OtherCluster").build());
        RemotingCommand ofUnknown = call(ns.getTopicsByCluster,
                RemotingCommand.request(RequestCode.GET_TOPICS_BY_CLUSTER).extField("cluster", "Nope").build());

        assertThat(text(all)).isEqualTo("{\"topicList\":[\"OtherCluster.example\",\"TBW102\",\"TopicTest\"]}");
        assertThat(TopicList.decode(all.body(), TopicList.class).getTopicList())
                .containsExactlyInAnyOrder("OtherCluster.example", "TBW102", "TopicTest");
        assertThat(TopicList.decode(ofOther.body(), TopicList.class).getTopicList())
                .containsExactlyInAnyOrder("OtherCluster.example", "TopicTest");
        assertThat(ofUnknown.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(TopicList.decode(ofUnknown.body(), TopicList.class).getTopicList()).isEmpty();
    }

    @Test
    void deleteTopic_everywhere_orOnlyInOneCluster() {
        RemotingCommand inOther = RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_NAMESRV)
                .extField("topic", "TopicTest").extField("clusterName", "OtherCluster").build();
        assertThat(call(ns.deleteTopicInNameServer, inOther).code()).isEqualTo(ResponseCode.SUCCESS);
        TopicRouteData left = TopicRouteData.decode(
                call(ns.getRouteInfoByTopic, routeRequest("TopicTest").build()).body(), TopicRouteData.class);
        assertThat(left.getQueueDatas()).extracting(QueueData::getBrokerName).containsExactly("broker-a");

        RemotingCommand everywhere = RemotingCommand.request(RequestCode.DELETE_TOPIC_IN_NAMESRV)
                .extField("topic", "OtherCluster.example").build();
        assertThat(call(ns.deleteTopicInNameServer, everywhere).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(call(ns.getRouteInfoByTopic, routeRequest("OtherCluster.example").build()).code())
                .isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }
}
