package io.hexmq.adapters.netty.namesrv;

import static io.hexmq.adapters.netty.namesrv.NameServerHandlers.call;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.namesrv.GetSystemTopics;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.rocketmq.remoting.protocol.body.TopicList;
import org.junit.jupiter.api.Test;

class GetSystemTopicListHandlerTest {

    private final NameServerHandlers ns = new NameServerHandlers();
    private final GetSystemTopicListHandler handler = new GetSystemTopicListHandler(new GetSystemTopics(ns.routes));

    private RemotingCommand systemTopics() {
        return call(handler, RemotingCommand.request(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS).build());
    }

    @Test
    void answersTheClusterAndBrokerNames_andTheRoutedSystemTopics_withoutABrokerAddress() {
        RemotingCommand registration = OfficialBroker.register("broker-a", "10.0.0.1:10911", 0,
                OfficialBroker.body(OfficialBroker.dataVersion(5, 1, 0), List.of(
                        OfficialBroker.topic("TopicTest", 2, 2, 6),
                        OfficialBroker.topic("SCHEDULE_TOPIC_XXXX", 18, 18, 6),
                        OfficialBroker.topic("rmq_sys_wheel_timer", 1, 1, 6),
                        OfficialBroker.topic("DefaultCluster_REPLY_TOPIC", 1, 1, 6)), List.of()).encode(true),
                true).build();
        assertThat(call(ns.registerBroker, registration).code()).isEqualTo(ResponseCode.SUCCESS);

        RemotingCommand response = systemTopics();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicList list = TopicList.decode(response.body(), TopicList.class);
        assertThat(list.getTopicList()).containsExactlyInAnyOrder("DefaultCluster", "broker-a",
                "SCHEDULE_TOPIC_XXXX", "rmq_sys_wheel_timer", "DefaultCluster_REPLY_TOPIC");
        assertThat(list.getBrokerAddr()).isNull();
    }

    @Test
    void answersAnEmptyList_whenNoBrokerIsRegistered() {
        RemotingCommand response = systemTopics();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"topicList\":[]}");
    }
}
