package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.ExpireInactiveBrokers;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.QueueData;
import io.hexmq.domain.route.RemovedBroker;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.ProtocolVersion;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.junit.jupiter.api.Test;

class RegisterBrokerHandlerTest {

    private final NameServerHandlers ns = new NameServerHandlers();

    private TopicRoute route(String topic) {
        return ns.routes.route(TopicName.reportedByBroker(topic)).orElseThrow();
    }

    @Test
    void registersMasterAndItsTopics_fromJsonBody() {
        RemotingCommand request = OfficialBroker.master("broker-a", "10.0.0.1:10911");

        RemotingCommand response = call(ns.registerBroker, request);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(request.opaque());
        assertThat(response.isResponse()).isTrue();
        assertThat(response.remark()).isNull();
        assertThat(response.extFields()).doesNotContainKeys("masterAddr", "haServerAddr");
        assertThat(response.body()).isEmpty();
        assertThat(route("TopicTest").queueDatas()).containsExactly(
                new QueueData(new BrokerName("broker-a"), 4, 4, Permission.READ_WRITE, 0));
        assertThat(route("TBW102").brokerDatas().get(0).brokerAddrs())
                .containsExactly(Map.entry(BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911")));
    }

    @Test
    void remembersTheConnection_soThatClosingItRemovesTheBroker() {
        call(ns.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"), "conn-broker-a");
        call(ns.registerBroker, OfficialBroker.master("broker-b", "10.0.0.2:10911"), "conn-broker-b");

        List<RemovedBroker> removed = ns.closeListener.connectionClosed(new ConnectionId("conn-broker-a"));

        assertThat(removed).singleElement().satisfies(broker -> {
            assertThat(broker.brokerName()).isEqualTo(new BrokerName("broker-a"));
            assertThat(broker.brokerAddress()).isEqualTo(new BrokerAddress("10.0.0.1:10911"));
        });
        assertThat(route("TopicTest").queueDatas()).extracting(QueueData::brokerName)
                .containsExactly(new BrokerName("broker-b"));
        assertThat(ns.closeListener.connectionClosed(new ConnectionId("conn-client")))
                .isEmpty();
    }

    @Test
    void answersSlave_withItsLiveMastersAddresses() {
        call(ns.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"));

        RemotingCommand response = call(ns.registerBroker, OfficialBroker.member("broker-a", "10.0.0.2:10911", 1));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("masterAddr", "10.0.0.1:10911")
                .containsEntry("haServerAddr", "10.0.0.1:10912");
    }

    @Test
    void answersOrderTopicConfig_asKvTableBody() {
        ns.kvConfig.change(s -> s.with(KvNamespace.ORDER_TOPIC_CONFIG, "Ordered", "broker-a:4;broker-b:4"),
                ns.kvStore::save);

        RemotingCommand response = call(ns.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"));

        assertThat(new String(response.body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"table\":{\"Ordered\":\"broker-a:4;broker-b:4\"}}");
        assertThat(KVTable.decode(response.body(), KVTable.class).getTable())
                .containsExactly(Map.entry("Ordered", "broker-a:4;broker-b:4"));
    }

    @Test
    void rejectsBody_whoseCrc32DoesNotMatch() {
        RemotingCommand valid = OfficialBroker.master("broker-a", "10.0.0.1:10911");
        int crc = Integer.parseInt(valid.extFields().get("bodyCrc32"));
        RemotingCommand corrupted = valid.toBuilder().extField("bodyCrc32", crc ^ 1).build();

        RemotingCommand response = call(ns.registerBroker, corrupted);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("crc32 not match");
        assertThat(ns.routes.topics()).isEmpty();
    }

    @Test
    void skipsCrcCheck_whenBodyCrc32IsZeroOrAbsent() {
        RemotingCommand valid = OfficialBroker.master("broker-a", "10.0.0.1:10911");
        RemotingCommand zero = valid.toBuilder().extField("bodyCrc32", 0).build();

        assertThat(call(ns.registerBroker, zero).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void answersRegisterBrokerFailed_forSingleTopicRegistrationBeforeTheFirstFullOne() {
        byte[] body = OfficialBroker.body(OfficialBroker.dataVersion(1_000, 2, 0),
                List.of(OfficialBroker.topic("NewTopic", 4, 4, 6)), List.of()).encode(false);

        RemotingCommand response = call(ns.registerBroker,
                OfficialBroker.register("broker-a", "10.0.0.1:10911", 0, body, false).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("register broker failed");
        assertThat(ns.routes.topics()).isEmpty();
    }

    @Test
    void acceptsTopicsNamedAfterTheBrokersHost() {
        byte[] body = OfficialBroker.body(OfficialBroker.dataVersion(1_000, 1, 0), List.of(
                OfficialBroker.topic("broker-a.example.com", 1, 1, 7),
                OfficialBroker.topic("prod.cluster.internal_REPLY_TOPIC", 1, 1, 6)), List.of()).encode(true);

        RemotingCommand response = call(ns.registerBroker,
                OfficialBroker.register("broker-a.example.com", "10.0.0.1:10911", 0, body, true).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(ns.routes.topics()).extracting(TopicName::value)
                .containsExactly("broker-a.example.com", "prod.cluster.internal_REPLY_TOPIC");
    }

    @Test
    void readsBareTopicConfigWrapper_fromBrokersOlderThanV3_0_11() {
        String wrapper = "{\"dataVersion\":{\"counter\":1,\"timestamp\":1000},\"topicConfigTable\":{"
                + "\"OldTopic\":{\"order\":false,\"perm\":6,\"readQueueNums\":2,\"topicFilterType\":\"SINGLE_TAG\","
                + "\"topicName\":\"OldTopic\",\"topicSysFlag\":0,\"writeQueueNums\":2},"
                + "\"TBW102\":{\"perm\":7,\"readQueueNums\":8,\"topicName\":\"TBW102\",\"writeQueueNums\":8}}}";
        byte[] body = wrapper.getBytes(StandardCharsets.UTF_8);
        RemotingCommand request = OfficialBroker.register("broker-old", "10.0.0.9:10911", 0, body, false)
                .version(ProtocolVersion.V3_0_11 - 1).build();

        assertThat(call(ns.registerBroker, request).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(route("OldTopic").queueDatas()).containsExactly(
                new QueueData(new BrokerName("broker-old"), 2, 2, Permission.READ_WRITE, 0));
        assertThat(route("TBW102").queueDatas()).containsExactly(
                new QueueData(new BrokerName("broker-old"), 8, 8, new Permission(7), 0));
    }

    @Test
    void registersBrokerWithoutTopics_whenBodyIsEmpty() {
        RemotingCommand request = OfficialBroker.register("broker-a", "10.0.0.1:10911", 0, new byte[0], false)
                .extField("bodyCrc32", 0).build();

        assertThat(call(ns.registerBroker, request).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(ns.routes.clusterInfo().brokerAddrTable()).containsKey(new BrokerName("broker-a"));
    }

    @Test
    void usesZoneNameAndHeartbeatTimeout_fromTheHeader() {
        RemotingCommand request = OfficialBroker.master("broker-a", "10.0.0.1:10911").toBuilder()
                .extField("__ZONE_NAME", "zone-1").extField("heartbeatTimeoutMillis", 10_000).build();
        call(ns.registerBroker, request);

        assertThat(route("TopicTest").brokerDatas().get(0).zoneName()).contains("zone-1");
        ns.clock.advanceMillis(10_001);
        assertThat(new ExpireInactiveBrokers(ns.routes, ns.clock).expire()).hasSize(1);
    }

    @Test
    void answersSystemError_forMalformedBodiesAndHeaders() {
        byte[] junk = "{not json".getBytes(StandardCharsets.UTF_8);
        RemotingCommand badJson = OfficialBroker.register("broker-a", "10.0.0.1:10911", 0, junk, false).build();
        RemotingCommand badZip = OfficialBroker.register("broker-a", "10.0.0.1:10911", 0, junk, true).build();
        RemotingCommand valid = OfficialBroker.master("broker-a", "10.0.0.1:10911");
        Map<String, String> withoutId = new LinkedHashMap<>(valid.extFields());
        withoutId.remove("brokerId");
        RemotingCommand missingId = RemotingCommand.request(valid.code()).extFields(withoutId).body(valid.body()).build();
        RemotingCommand badAddress = OfficialBroker.master("broker-a", "10.0.0.1:port");

        assertThat(ns.dispatch(badJson).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(ns.dispatch(badJson).remark()).contains("RegisterBrokerBody");
        assertThat(ns.dispatch(badZip).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(ns.dispatch(badZip).remark()).contains("zlib");
        assertThat(ns.dispatch(missingId).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(ns.dispatch(missingId).remark()).contains("brokerId");
        assertThat(ns.dispatch(badAddress).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(ns.dispatch(badAddress).remark()).contains("10.0.0.1:port");
        assertThat(ns.routes.topics()).isEmpty();
    }
}
