package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A topic that the official producer's first send creates on the broker reaches the NameServer within
 * about one registration round (100 ms by default), not at the next 30 s re-registration: a client
 * asking the NameServer for the topic's route (GET_ROUTEINFO_BY_TOPIC) finds it within a few seconds;
 * so does every topic of a burst of first sends, which share the broker's saves and are registered on
 * their own, without the NameServer losing the broker's other topics. A one-topic UPDATE_AND_CREATE_TOPIC
 * is answered once the NameServer routes the topic.
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

    @Test
    void routesEveryTopicABurstOfFirstSendsCreated_andKeepsTheBrokersOtherTopicsRouted() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-auto-created-burst");
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        hexmq.clients().createTopic(producer, hexmq.server().broker(), "BurstExisting", 8);
        List<String> topics = IntStream.range(0, 40).mapToObj(i -> "BurstTopic" + i).toList();
        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            List<Future<SendStatus>> sent = new ArrayList<>();
            for (String topic : topics) {
                sent.add(senders.submit(() -> producer.send(new Message(topic, "first".getBytes(StandardCharsets.UTF_8)))
                        .getSendStatus()));
            }
            for (Future<SendStatus> status : sent) {
                assertThat(status.get()).isEqualTo(SendStatus.SEND_OK);
            }
        } finally {
            senders.shutdownNow();
        }

        for (String topic : topics) {
            Await.until("the NameServer routes " + topic, ROUTE_BOUND, () -> route(api, topic).isPresent());
        }
        assertThat(route(api, "BurstExisting").orElseThrow().getQueueDatas()).singleElement()
                .satisfies(queues -> assertThat(queues.getWriteQueueNums()).isEqualTo(8));
        assertThat(route(api, "TBW102")).isPresent();
    }

    @Test
    void answersAOneTopicUpdateAndCreateTopic_onceTheNameServerRoutesIt() throws Exception {
        DefaultMQProducer producer = hexmq.clients().producer("pg-admin-created-route");
        MQClientAPIImpl api = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();

        for (int i = 0; i < 5; i++) {
            String topic = "AdminCreatedTopic" + i;
            api.createTopic(hexmq.server().broker(), "TBW102", new TopicConfig(topic, 2, 2, 6), 5_000);

            assertThat(route(api, topic)).as(topic + " routed when its creation is answered").isPresent();
        }
    }

    private static Optional<TopicRouteData> route(MQClientAPIImpl api) {
        return route(api, TOPIC);
    }

    private static Optional<TopicRouteData> route(MQClientAPIImpl api, String topic) {
        try {
            return Optional.of(api.getTopicRouteInfoFromNameServer(topic, 3_000));
        } catch (Exception notRoutedYet) {
            return Optional.empty();
        }
    }
}
