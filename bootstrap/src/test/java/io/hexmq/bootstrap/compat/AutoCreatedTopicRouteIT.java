package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A topic that the official producer's first send creates on the broker reaches the NameServer within
 * about one registration round (100 ms by default), not at the next 30 s re-registration: a client
 * asking the NameServer for the topic's route (GET_ROUTEINFO_BY_TOPIC) finds it within a few seconds.
 */
class AutoCreatedTopicRouteIT {

    /** Far less than the 30 s registration period, with room for a busy build machine. */
    private static final Duration ROUTE_BOUND = Duration.ofSeconds(5);
    private static final String TOPIC = "AutoCreatedRouteTopic";

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onFileStore().withOfficialClients();

    @Test
    void routesATopicCreatedByAFirstSend_withinAboutOneRegistrationRound() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-auto-created-route");
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        assertThat(route(api)).isEmpty();

        assertThat(producer.send(new Message(TOPIC, "first".getBytes(StandardCharsets.UTF_8))).getSendStatus())
                .isEqualTo(SendStatus.SEND_OK);

        Await.until("the NameServer routes " + TOPIC, ROUTE_BOUND, () -> route(api).isPresent());
        TopicRouteData route = route(api).orElseThrow();
        assertThat(route.getBrokerDatas()).singleElement()
                .satisfies(broker -> assertThat(broker.getBrokerName()).isEqualTo(hexmq.server().brokerName()));
        assertThat(route.getQueueDatas()).singleElement()
                .satisfies(queues -> assertThat(queues.getWriteQueueNums()).isEqualTo(4));
    }

    private static Optional<TopicRouteData> route(MQClientAPIImpl api) {
        try {
            return Optional.of(api.getTopicRouteInfoFromNameServer(TOPIC, 3_000));
        } catch (Exception notRoutedYet) {
            return Optional.empty();
        }
    }
}
