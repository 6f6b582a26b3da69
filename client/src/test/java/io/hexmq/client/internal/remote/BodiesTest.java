package io.hexmq.client.internal.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.BrokerGroup;
import io.hexmq.client.BrokerQueues;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BodiesTest {

    @Test
    void readsStandardRouteBody() {
        TopicRoute route = Bodies.topicRoute(bytes("{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"10.0.0.1:10911\","
                + "\"1\":\"10.0.0.2:10911\"},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\","
                + "\"enableActingMaster\":false}],\"filterServerTable\":{},\"queueDatas\":[{\"brokerName\":"
                + "\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":8}]}"));

        assertThat(route.queues()).containsExactly(new BrokerQueues("broker-a", 4, 8, 6, 0));
        assertThat(route.brokers()).containsExactly(new BrokerGroup("DefaultCluster", "broker-a",
                Map.of(0L, "10.0.0.1:10911", 1L, "10.0.0.2:10911")));
    }

    @Test
    void readsLegacyRouteBodyWithUnquotedBrokerIds() {
        TopicRoute route = Bodies.topicRoute(bytes("{\"brokerDatas\":[{\"brokerAddrs\":{0:\"10.0.0.1:10911\"},"
                + "\"brokerName\":\"b\",\"cluster\":\"c\"}],\"queueDatas\":[{\"brokerName\":\"b\",\"perm\":6,"
                + "\"readQueueNums\":1,\"topicSynFlag\":0,\"writeQueueNums\":1}]}"));

        assertThat(route.brokers().get(0).masterAddress()).contains("10.0.0.1:10911");
    }

    @Test
    void readsResetOffsetBodyWithMessageQueueKeys() {
        Map<MessageQueue, Long> table = Bodies.resetOffsetTable(bytes("{\"offsetTable\":{{\"brokerName\":\"b\","
                + "\"queueId\":1,\"topic\":\"T\"}:7,{\"brokerName\":\"b\",\"queueId\":0,\"topic\":\"T\"}:0}}"));

        assertThat(table).containsExactly(Map.entry(new MessageQueue("T", "b", 1), 7L),
                Map.entry(new MessageQueue("T", "b", 0), 0L));
    }

    @Test
    void readsClusterInfoTopicListAndKvTable() {
        Bodies.ClusterInfo info = Bodies.clusterInfo(bytes("{\"brokerAddrTable\":{\"b\":{\"brokerAddrs\":"
                + "{\"0\":\"h:1\"},\"brokerName\":\"b\",\"cluster\":\"c\"}},\"clusterAddrTable\":{\"c\":[\"b\"]}}"));

        assertThat(info.clusters()).isEqualTo(Map.of("c", List.of("b")));
        assertThat(info.brokers().get("b").masterAddress()).contains("h:1");
        assertThat(Bodies.topicList(bytes("{\"topicList\":[\"T1\",\"T2\"]}"))).containsExactly("T1", "T2");
        assertThat(Bodies.kvTable(bytes("{\"table\":{\"k\":\"v\"}}"))).isEqualTo(Map.of("k", "v"));
    }

    @Test
    void writesHeartbeatWithProducerAndConsumerGroups() {
        ConsumerRegistration consumer = new ConsumerRegistration("cg", "CONSUME_PASSIVELY", "CLUSTERING",
                "CONSUME_FROM_LAST_OFFSET", List.of(new ConsumerRegistration.Subscription("T", "a || b", 7L)));

        String json = new String(Bodies.heartbeat("1.2.3.4@x", Set.of("pg"), List.of(consumer)), StandardCharsets.UTF_8);

        assertThat(json).isEqualTo("{\"clientID\":\"1.2.3.4@x\",\"consumerDataSet\":[{\"consumeFromWhere\":"
                + "\"CONSUME_FROM_LAST_OFFSET\",\"consumeType\":\"CONSUME_PASSIVELY\",\"groupName\":\"cg\","
                + "\"messageModel\":\"CLUSTERING\",\"subscriptionDataSet\":[{\"classFilterMode\":false,\"codeSet\":"
                + "[97,98],\"expressionType\":\"TAG\",\"subString\":\"a || b\",\"subVersion\":7,\"tagsSet\":"
                + "[\"a\",\"b\"],\"topic\":\"T\"}],\"unitMode\":false}],\"producerDataSet\":[{\"groupName\":\"pg\"}]}");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
