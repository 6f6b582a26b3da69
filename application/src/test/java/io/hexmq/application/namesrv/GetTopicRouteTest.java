package io.hexmq.application.namesrv;

import static io.hexmq.application.namesrv.NameServer.master;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.TopicName;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GetTopicRouteTest {

    private static final GetTopicRoute.Query T1 = new GetTopicRoute.Query(new TopicName("T1"));

    @Test
    void answersNoRoute_forATopicNoBrokerHosts() {
        NameServer ns = new NameServer();

        assertThat(ns.getTopicRoute.route(T1)).isEmpty();
    }

    @Test
    void leavesOrderTopicConfOut_byDefault() {
        NameServer ns = new NameServer();
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));

        assertThat(ns.getTopicRoute.route(T1).orElseThrow().orderTopicConf()).isEmpty();
    }

    @Test
    void addsOrderTopicConf_whenOrderMessagesAreEnabled() {
        NameServer ns = new NameServer(new NameServerSettings(true, true, Duration.ofSeconds(5),
                Duration.ofSeconds(120)));
        ns.registerBroker.register(master("broker-a", "10.0.0.1"));
        ns.putKvConfig.put(new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "T1", "broker-a:4"));

        TopicRoute route = ns.getTopicRoute.route(T1).orElseThrow();

        assertThat(route.orderTopicConf()).contains("broker-a:4");
        assertThat(route.queueDatas()).hasSize(1);
        assertThat(ns.getTopicRoute.route(new GetTopicRoute.Query(new TopicName("T2"))).orElseThrow()
                .orderTopicConf()).isEmpty();
    }
}
