package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.FrameLayout;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A broker with 100,000 topics of 8 queues registers with a NameServer whose frames stop at 16 MiB:
 * its JSON body would be about 19 MB, which RocketMQ users hit at about
 * 60,000 topics. The gateway sends it compressed, or in parts the NameServer merges; either way every
 * topic has its route afterwards.
 */
class LargeRegistrationIT {

    private static final int TOPICS = 100_000;
    private static final int QUEUES = 8;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final BrokerIdentity BROKER = new BrokerIdentity(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911"),
            new BrokerAddress("10.0.0.1:10912"));

    private final LoopbackNameServer nameServer = new LoopbackNameServer();
    private final NettyRemotingClient client = new NettyRemotingClient(NettyClientSettings.defaults());

    @AfterEach
    void close() {
        client.close();
        nameServer.close();
    }

    private NettyNameServerGateway gateway(RegisterBrokerEncoding encoding) {
        return new NettyNameServerGateway(client, List.of(nameServer.address()), TIMEOUT, Duration.ofSeconds(120),
                encoding);
    }

    private static NameServerRegistration hundredThousandTopics() {
        return registration(TOPICS, 1, QUEUES);
    }

    /** {@code topics} topics at DataVersion counter {@code version}; the last one has {@code lastQueues} queues. */
    private static NameServerRegistration registration(int topics, int version, int lastQueues) {
        List<TopicConfig> configs = IntStream.range(0, topics)
                .mapToObj(i -> TopicConfig.of(new TopicName("scale-test-topic-" + i),
                        i == topics - 1 ? lastQueues : QUEUES, i == topics - 1 ? lastQueues : QUEUES,
                        Permission.READ_WRITE))
                .toList();
        return new NameServerRegistration(BROKER, new DataVersion(LoopbackNameServer.START, version, 0), configs);
    }

    private TopicRouteData route(String topic) throws InterruptedException {
        RemotingCommand response = client.invokeSync(nameServer.address(),
                RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC).extField("topic", topic).build(), 10_000);
        assertThat(response.code()).as("route of %s", topic).isEqualTo(ResponseCode.SUCCESS);
        return TopicRouteData.decode(response.body(), TopicRouteData.class);
    }

    private void assertEveryQueueIsRouted(String topic) throws InterruptedException {
        assertThat(route(topic).getQueueDatas()).singleElement().satisfies(queues -> {
            assertThat(queues.getBrokerName()).isEqualTo("broker-a");
            assertThat(queues.getReadQueueNums()).isEqualTo(QUEUES);
            assertThat(queues.getWriteQueueNums()).isEqualTo(QUEUES);
        });
    }

    private List<RemotingCommand> requestsReceived() {
        List<RemotingCommand> requests = new ArrayList<>();
        nameServer.registrations.drainTo(requests);
        return requests;
    }

    @Test
    void registersAHundredThousandTopics_inOneCompressedRequest_withTheDefaultSettings() throws Exception {
        NameServerRegistration registration = hundredThousandTopics();
        assertThat(RegisterBrokerBody.encode(registration, registration.topicConfigs()).length)
                .as("the JSON body this test is about").isGreaterThan(FrameLayout.DEFAULT_MAX_FRAME_LENGTH);

        RegistrationOutcome outcome = gateway(RegisterBrokerEncoding.defaults()).register(registration);

        assertThat(outcome.failures()).isEmpty();
        assertThat(outcome.replies()).hasSize(1);
        assertThat(requestsReceived()).singleElement().satisfies(request -> {
            assertThat(request.extFields()).containsEntry("compressed", "true");
            assertThat(request.body().length).isLessThan(FrameLayout.DEFAULT_MAX_FRAME_LENGTH);
        });
        assertEveryQueueIsRouted("scale-test-topic-" + (TOPICS - 1));
        assertEveryQueueIsRouted("scale-test-topic-0");
    }

    @Test
    void registersAHundredThousandTopics_inPartsOfSplitRegistrationSize_whichTheNameServerMerges() throws Exception {
        RegisterBrokerEncoding split = new RegisterBrokerEncoding(false, true, 5_000,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH);

        RegistrationOutcome outcome = gateway(split).register(hundredThousandTopics());

        assertThat(outcome.failures()).isEmpty();
        List<RemotingCommand> requests = requestsReceived();
        assertThat(requests).hasSize(TOPICS / 5_000)
                .allSatisfy(request -> assertThat(request.extFields()).containsEntry("compressed", "false"));
        // The first part's topics are still there after the last part: parts add, they do not replace.
        assertEveryQueueIsRouted("scale-test-topic-0");
        assertEveryQueueIsRouted("scale-test-topic-" + (TOPICS - 1));
    }

    @Test
    void registersAHundredThousandTopics_whenSplitAndCompressedAreBothOn() throws Exception {
        RegisterBrokerEncoding both = new RegisterBrokerEncoding(true, true, 50_000, FrameLayout.DEFAULT_MAX_FRAME_LENGTH);

        RegistrationOutcome outcome = gateway(both).register(hundredThousandTopics());

        assertThat(outcome.failures()).isEmpty();
        assertThat(requestsReceived()).hasSize(2)
                .allSatisfy(request -> assertThat(request.extFields()).containsEntry("compressed", "true"));
        assertEveryQueueIsRouted("scale-test-topic-" + (TOPICS / 2 - 1));
        assertEveryQueueIsRouted("scale-test-topic-" + (TOPICS - 1));
    }

    @Test
    void carriesATopicChangedInALaterPart_toTheRoutes_whenSplitting() throws Exception {
        NettyNameServerGateway gateway = gateway(new RegisterBrokerEncoding(false, true, 5_000,
                FrameLayout.DEFAULT_MAX_FRAME_LENGTH));
        assertThat(gateway.register(registration(20_000, 1, QUEUES)).failures()).isEmpty();

        // The NameServer rewrites only the first part of a new DataVersion; the change must travel in it.
        assertThat(gateway.register(registration(20_000, 2, 16)).failures()).isEmpty();

        assertThat(route("scale-test-topic-19999").getQueueDatas()).singleElement()
                .satisfies(queues -> assertThat(queues.getWriteQueueNums()).isEqualTo(16));
        assertEveryQueueIsRouted("scale-test-topic-0");
    }
}
