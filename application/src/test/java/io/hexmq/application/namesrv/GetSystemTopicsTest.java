package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.registration;
import static io.hexmq.application.namesrv.NameServer.topic;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicName;
import java.util.List;
import org.junit.jupiter.api.Test;

class GetSystemTopicsTest {

    private final NameServer ns = new NameServer();
    private final GetSystemTopics getSystemTopics = new GetSystemTopics(ns.routes);

    @Test
    void listsClusterAndBrokerNames_andTheRoutedSystemTopics_butNoUserTopic() {
        ns.registerBroker.register(registration("broker-a", "10.0.0.1", 0, new DataVersion(1_000, 1, 0), List.of(
                topic("OrderTopic", 4), topic("TBW102", 8), topic("RMQ_SYS_TRANS_HALF_TOPIC", 1),
                topic("rmq_sys_wheel_timer", 1), topic("DefaultCluster_REPLY_TOPIC", 1),
                topic("OtherCluster_REPLY_TOPIC", 1))));
        ns.registerBroker.register(registration("broker-b", "10.0.0.2", 0, new DataVersion(1_000, 1, 0),
                List.of(topic("OrderTopic", 4), topic("broker-b", 1))));

        assertThat(getSystemTopics.systemTopics()).extracting(TopicName::value).containsExactly(
                "DefaultCluster", "DefaultCluster_REPLY_TOPIC", "RMQ_SYS_TRANS_HALF_TOPIC", "TBW102",
                "broker-a", "broker-b", "rmq_sys_wheel_timer");
    }

    @Test
    void isEmpty_withoutBrokers() {
        assertThat(getSystemTopics.systemTopics()).isEmpty();
    }
}
