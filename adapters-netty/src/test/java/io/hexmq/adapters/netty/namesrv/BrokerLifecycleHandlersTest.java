package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.ExpireInactiveBrokers;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Unregistration, liveness, data-version queries and write-permission changes of a registered broker. */
class BrokerLifecycleHandlersTest {

    private static final long TIMEOUT = 120_000;

    private final NameServerHandlers ns = new NameServerHandlers();
    private final ExpireInactiveBrokers expire = new ExpireInactiveBrokers(ns.routes, ns.clock);

    @BeforeEach
    void registerBrokerA() {
        call(ns.registerBroker, OfficialBroker.master("broker-a", "10.0.0.1:10911"));
    }

    private static RemotingCommand.Builder brokerRequest(int code) {
        return RemotingCommand.request(code)
                .extField("clusterName", OfficialBroker.CLUSTER)
                .extField("brokerName", "broker-a")
                .extField("brokerAddr", "10.0.0.1:10911")
                .extField("brokerId", 0);
    }

    private int perm(String topic) {
        RemotingCommand response = call(ns.getRouteInfoByTopic,
                RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC).extField("topic", topic).build());
        List<QueueData> queues = TopicRouteData.decode(response.body(), TopicRouteData.class).getQueueDatas();
        return queues.get(0).getPerm();
    }

    @Test
    void unregister_removesTheBroker_andSucceedsAlsoForUnknownOnes() {
        assertThat(call(ns.unregisterBroker, brokerRequest(RequestCode.UNREGISTER_BROKER).build()).code())
                .isEqualTo(ResponseCode.SUCCESS);
        assertThat(ns.routes.topics()).isEmpty();
        assertThat(call(ns.unregisterBroker, brokerRequest(RequestCode.UNREGISTER_BROKER).build()).code())
                .isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void heartbeat_keepsTheBrokerAlive() {
        ns.clock.advanceMillis(TIMEOUT - 1);
        RemotingCommand heartbeat = RemotingCommand.request(RequestCode.BROKER_HEARTBEAT)
                .extField("clusterName", OfficialBroker.CLUSTER).extField("brokerAddr", "10.0.0.1:10911")
                .extField("brokerName", "broker-a").extField("epoch", 0).extField("maxOffset", 0).build();

        assertThat(call(ns.brokerHeartbeat, heartbeat).code()).isEqualTo(ResponseCode.SUCCESS);
        ns.clock.advanceMillis(TIMEOUT - 1);
        assertThat(expire.expire()).isEmpty();
        ns.clock.advanceMillis(2);
        assertThat(expire.expire()).hasSize(1);
    }

    @Test
    void heartbeat_ofAnUnknownBroker_succeedsAndChangesNothing() {
        RemotingCommand heartbeat = RemotingCommand.request(RequestCode.BROKER_HEARTBEAT)
                .extField("clusterName", OfficialBroker.CLUSTER).extField("brokerAddr", "10.9.9.9:10911")
                .extField("brokerName", "ghost").build();

        assertThat(call(ns.brokerHeartbeat, heartbeat).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(ns.routes.clusterInfo().brokerAddrTable()).hasSize(1);
    }

    @Test
    void queryDataVersion_answersUnchanged_withTheNameServersVersion_andRefreshesLiveness() {
        ns.clock.advanceMillis(TIMEOUT - 1);
        RemotingCommand query = brokerRequest(RequestCode.QUERY_DATA_VERSION)
                .body(OfficialBroker.dataVersion(1_000, 1, 0).encode()).build();

        RemotingCommand response = call(ns.queryDataVersion, query);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("changed", "false");
        DataVersion known = DataVersion.decode(response.body(), DataVersion.class);
        assertThat(known.getTimestamp()).isEqualTo(1_000);
        assertThat(known.getCounter().get()).isEqualTo(1);
        assertThat(known.getStateVersion()).isZero();
        ns.clock.advanceMillis(TIMEOUT - 1);
        assertThat(expire.expire()).isEmpty();
    }

    @Test
    void queryDataVersion_answersChanged_forANewerVersion_orAnUnknownBroker() {
        RemotingCommand newer = brokerRequest(RequestCode.QUERY_DATA_VERSION)
                .body(OfficialBroker.dataVersion(2_000, 2, 0).encode()).build();
        RemotingCommand unknown = brokerRequest(RequestCode.QUERY_DATA_VERSION).extField("brokerAddr", "10.9.9.9:10911")
                .body(OfficialBroker.dataVersion(2_000, 2, 0).encode()).build();

        RemotingCommand newerResponse = call(ns.queryDataVersion, newer);
        RemotingCommand unknownResponse = call(ns.queryDataVersion, unknown);

        assertThat(newerResponse.extFields()).containsEntry("changed", "true");
        assertThat(newerResponse.body()).asString(StandardCharsets.UTF_8)
                .isEqualTo("{\"counter\":1,\"stateVersion\":0,\"timestamp\":1000}");
        assertThat(unknownResponse.extFields()).containsEntry("changed", "true");
        assertThat(unknownResponse.body()).isEmpty();
    }

    @Test
    void queryDataVersion_withoutBody_isAnsweredSystemError() {
        RemotingCommand response = ns.dispatch(brokerRequest(RequestCode.QUERY_DATA_VERSION).build());

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("DataVersion body is missing");
    }

    @Test
    void wipeAndAddWritePermission_answerTopicCounts_andChangeRoutes() {
        RemotingCommand wipe = RemotingCommand.request(RequestCode.WIPE_WRITE_PERM_OF_BROKER)
                .extField("brokerName", "broker-a").build();
        RemotingCommand add = RemotingCommand.request(RequestCode.ADD_WRITE_PERM_OF_BROKER)
                .extField("brokerName", "broker-a").build();

        RemotingCommand wiped = call(ns.wipeWritePermOfBroker, wipe);
        int permAfterWipe = perm("TopicTest");
        RemotingCommand added = call(ns.addWritePermOfBroker, add);

        assertThat(wiped.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(wiped.extFields()).containsExactly(Map.entry("wipeTopicCount", "2"));
        assertThat(permAfterWipe).isEqualTo(4);
        assertThat(added.extFields()).containsExactly(Map.entry("addTopicCount", "2"));
        assertThat(perm("TopicTest")).isEqualTo(6);
        assertThat(ns.routes.topics()).contains(new TopicName("TBW102"));
    }

    @Test
    void wipeWritePermission_ofAnUnknownBroker_countsNoTopics() {
        RemotingCommand wipe = RemotingCommand.request(RequestCode.WIPE_WRITE_PERM_OF_BROKER)
                .extField("brokerName", "ghost").build();

        assertThat(call(ns.wipeWritePermOfBroker, wipe).extFields()).containsEntry("wipeTopicCount", "0");
    }
}
