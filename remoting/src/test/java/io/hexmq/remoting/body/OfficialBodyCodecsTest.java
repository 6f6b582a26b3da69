package io.hexmq.remoting.body;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.serializer.SerializerFeature;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;

/**
 * The shared body codecs against the official classes, in both directions: what one side writes with
 * the codec the official class decodes, and what the official class encodes the codec reads.
 */
class OfficialBodyCodecsTest {

    @Test
    void heartbeat_isWhatTheOfficialBrokerDecodes_andReadsWhatTheOfficialClientEncodes() {
        ConsumerJson.Subscription subscription = new ConsumerJson.Subscription("T", "a || b", List.of("a", "b"),
                List.of(97, 98), 7L, "TAG");
        ConsumerJson.Heartbeat ours = new ConsumerJson.Heartbeat("1.2.3.4@x", List.of(new ConsumerJson.Consumer("cg",
                "CONSUME_PASSIVELY", "CLUSTERING", "CONSUME_FROM_LAST_OFFSET", List.of(subscription))),
                List.of("pg"), false);

        HeartbeatData decoded = HeartbeatData.decode(ConsumerJson.heartbeat(ours), HeartbeatData.class);

        assertThat(decoded.getClientID()).isEqualTo("1.2.3.4@x");
        assertThat(decoded.getProducerDataSet()).extracting(ProducerData::getGroupName).containsExactly("pg");
        ConsumerData consumer = decoded.getConsumerDataSet().iterator().next();
        assertThat(consumer.getConsumeType()).isEqualTo(ConsumeType.CONSUME_PASSIVELY);
        assertThat(consumer.getConsumeFromWhere()).isEqualTo(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        SubscriptionData official = consumer.getSubscriptionDataSet().iterator().next();
        assertThat(official.getTagsSet()).containsExactlyInAnyOrder("a", "b");
        assertThat(official.getCodeSet()).containsExactlyInAnyOrder(97, 98);
        assertThat(official.getSubVersion()).isEqualTo(7L);

        ConsumerJson.Heartbeat read = ConsumerJson.readHeartbeat(decoded.encode());

        assertThat(read.clientId()).isEqualTo("1.2.3.4@x");
        assertThat(read.producerGroups()).containsExactly("pg");
        ConsumerJson.Consumer readConsumer = read.consumers().get(0);
        assertThat(List.of(readConsumer.group(), readConsumer.consumeType(), readConsumer.messageModel(),
                readConsumer.consumeFromWhere()))
                .containsExactly("cg", "CONSUME_PASSIVELY", "CLUSTERING", "CONSUME_FROM_LAST_OFFSET");
        ConsumerJson.Subscription readSubscription = readConsumer.subscriptions().get(0);
        assertThat(readSubscription.tags()).containsExactlyInAnyOrder("a", "b");
        assertThat(readSubscription.subString()).isEqualTo("a || b");
        assertThat(readSubscription.expressionType()).isEqualTo("TAG");
    }

    @Test
    void heartbeatOfAPullConsumerWithNoSettings_readsThemAsAbsent() {
        HeartbeatData official = new HeartbeatData();
        official.setClientID("c");
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName("g");
        consumer.setMessageModel(MessageModel.BROADCASTING);
        official.getConsumerDataSet().add(consumer);

        ConsumerJson.Consumer read = ConsumerJson.readHeartbeat(official.encode()).consumers().get(0);

        assertThat(read.messageModel()).isEqualTo("BROADCASTING");
        assertThat(read.consumeType()).isNull();
        assertThat(read.subscriptions()).isEmpty();
    }

    @Test
    void lockRequest_isWhatTheOfficialBrokerDecodes_andReadsWhatTheOfficialClientEncodes() {
        byte[] ours = ConsumerJson.lockRequest(new ConsumerJson.LockRequest("ip@1", "cg",
                List.of(new ConsumerJson.Queue("T", "broker-a", 3))));

        LockBatchRequestBody decoded = LockBatchRequestBody.decode(ours, LockBatchRequestBody.class);

        assertThat(decoded.getClientId()).isEqualTo("ip@1");
        assertThat(decoded.getConsumerGroup()).isEqualTo("cg");
        assertThat(decoded.getMqSet()).containsExactly(new MessageQueue("T", "broker-a", 3));
        assertThat(ConsumerJson.readLockRequest(decoded.encode(), "LockBatchRequestBody"))
                .isEqualTo(new ConsumerJson.LockRequest("ip@1", "cg", List.of(new ConsumerJson.Queue("T", "broker-a", 3))));
    }

    @Test
    void readsTheOfficialRouteInBothFlavours() {
        BrokerData broker = new BrokerData("DefaultCluster", "broker-a",
                new HashMap<>(Map.of(0L, "10.0.0.1:10911", 1L, "10.0.0.2:10911")));
        QueueData queues = new QueueData();
        queues.setBrokerName("broker-a");
        queues.setReadQueueNums(4);
        queues.setWriteQueueNums(8);
        queues.setPerm(6);
        TopicRouteData official = new TopicRouteData();
        official.setBrokerDatas(List.of(broker));
        official.setQueueDatas(List.of(queues));
        official.setFilterServerTable(new HashMap<>());
        official.setOrderTopicConf("broker-a:4");

        for (byte[] body : List.of(official.encode(), official.encode(SerializerFeature.BrowserCompatible,
                SerializerFeature.QuoteFieldNames, SerializerFeature.SkipTransientField, SerializerFeature.MapSortField))) {
            RouteJson.Route route = RouteJson.readRoute(body);

            assertThat(route.queues()).containsExactly(new RouteJson.Queues("broker-a", 4, 8, 6, 0));
            assertThat(route.brokers().get(0).addresses())
                    .containsExactlyInAnyOrderEntriesOf(Map.of(0L, "10.0.0.1:10911", 1L, "10.0.0.2:10911"));
            assertThat(route.brokers().get(0).cluster()).isEqualTo("DefaultCluster");
            assertThat(route.orderTopicConf()).contains("broker-a:4");
        }
    }

    @Test
    void writesARouteTheOfficialClientDecodes_andReadsItBack() {
        Map<Long, String> addresses = new LinkedHashMap<>();
        addresses.put(0L, "10.0.0.1:10911");
        RouteJson.Route route = new RouteJson.Route(Optional.empty(), List.of(new RouteJson.Queues("b", 1, 2, 6, 0)),
                List.of(new RouteJson.Broker("c", "b", addresses, Optional.of("z"), true)),
                Map.of("10.0.0.1:10911", List.of("10.0.0.1:30000")));

        for (JsonFlavour flavour : JsonFlavour.values()) {
            byte[] body = RouteJson.write(route, flavour);

            TopicRouteData decoded = TopicRouteData.decode(body, TopicRouteData.class);
            assertThat(decoded.getBrokerDatas().get(0).getBrokerAddrs()).containsExactly(Map.entry(0L, "10.0.0.1:10911"));
            assertThat(decoded.getBrokerDatas().get(0).getZoneName()).isEqualTo("z");
            assertThat(RouteJson.readRoute(body)).isEqualTo(route);
        }
    }

    @Test
    void readsTheOfficialTopicListKvTableAndConsumerList() {
        TopicList topics = new TopicList();
        topics.setTopicList(new LinkedHashSet<>(List.of("T1", "T2")));
        KVTable table = new KVTable();
        table.setTable(new HashMap<>(Map.of("k", "v")));
        GetConsumerListByGroupResponseBody ids = new GetConsumerListByGroupResponseBody();
        ids.setConsumerIdList(List.of("ip@1", "ip@2"));

        assertThat(CommonJson.readTopicList(topics.encode())).containsExactlyInAnyOrder("T1", "T2");
        assertThat(CommonJson.readKvTable(table.encode())).contains(Map.of("k", "v"));
        assertThat(CommonJson.readConsumerIdList(ids.encode())).containsExactly("ip@1", "ip@2");
        assertThat(TopicList.decode(CommonJson.topicList("h:1", Set.of("T")), TopicList.class).getBrokerAddr())
                .isEqualTo("h:1");
        assertThat(new String(CommonJson.consumerIdList(List.of("ip@1", "ip@2")), StandardCharsets.UTF_8))
                .isEqualTo(new String(ids.encode(), StandardCharsets.UTF_8));
    }
}
