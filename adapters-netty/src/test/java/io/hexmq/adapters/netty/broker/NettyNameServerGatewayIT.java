package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryKvConfigStore;
import io.hexmq.application.namesrv.PutKvConfig;
import io.hexmq.domain.broker.BrokerIdentity;
import io.hexmq.domain.broker.NameServerRegistration;
import io.hexmq.domain.broker.NameServerReply;
import io.hexmq.domain.broker.RegistrationOutcome;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicFilterType;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.client.NettyClientSettings;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway against real NameServers on loopback (the namesrv handlers over their use cases), plus one
 * "NameServer" that accepts connections and never answers: registrations reach every live NameServer,
 * the routes read back over the wire show the broker, and the silent one costs at most the timeout.
 */
class NettyNameServerGatewayIT {

    private static final long START = LoopbackNameServer.START;
    /** Long enough for a live NameServer on a busy machine; the silent one always uses all of it. */
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final BrokerIdentity MASTER = new BrokerIdentity(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), BrokerId.MASTER, new BrokerAddress("10.0.0.1:10911"),
            new BrokerAddress("10.0.0.1:10912"));
    private static final BrokerIdentity SLAVE = new BrokerIdentity(new ClusterName("DefaultCluster"),
            new BrokerName("broker-a"), new BrokerId(1), new BrokerAddress("10.0.0.2:10911"),
            new BrokerAddress("10.0.0.2:10912"));

    private final List<AutoCloseable> resources = new ArrayList<>();
    private final LoopbackNameServer first = started(new LoopbackNameServer());
    private final LoopbackNameServer second = started(new LoopbackNameServer());
    private final ServerSocket silent = silentServer();
    private final NettyRemotingClient client = closing(new NettyRemotingClient(NettyClientSettings.defaults()));
    private final NettyNameServerGateway gateway = new NettyNameServerGateway(client,
            List.of(first.address(), "127.0.0.1:" + silent.getLocalPort(), second.address()), TIMEOUT,
            Duration.ofSeconds(90));
    /** The same without the silent one, for the tests about what travels: each of its calls would cost the timeout. */
    private final NettyNameServerGateway liveOnly = new NettyNameServerGateway(client,
            List.of(first.address(), second.address()), TIMEOUT, Duration.ofSeconds(90));

    private LoopbackNameServer started(LoopbackNameServer nameServer) {
        resources.add(nameServer);
        return nameServer;
    }

    private <T extends AutoCloseable> T closing(T resource) {
        resources.add(resource);
        return resource;
    }

    /** Accepts connections (the kernel does, from the backlog) and never reads or answers. */
    private ServerSocket silentServer() {
        try {
            return closing(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private static NameServerRegistration registration(BrokerIdentity broker) {
        return new NameServerRegistration(broker, new DataVersion(START, 3, 0), List.of(
                new TopicConfig(new TopicName("TopicTest"), 4, 6, Permission.READ_WRITE, TopicFilterType.MULTI_TAG, 0,
                        true, Map.of("+message.type", "NORMAL")),
                TopicConfig.of(new TopicName("TBW102"), 8, 8, Permission.INHERIT_READ_WRITE)));
    }

    private TopicRouteData route(LoopbackNameServer nameServer, String topic) throws InterruptedException {
        RemotingCommand response = client.invokeSync(nameServer.address(),
                RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC).extField("topic", topic).build(), 5_000);
        return response.code() == ResponseCode.SUCCESS
                ? TopicRouteData.decode(response.body(), TopicRouteData.class)
                : null;
    }

    @Test
    void registersWithEveryLiveNameServer_withinTheTimeout_despiteOneThatNeverAnswers() throws Exception {
        long startNanos = System.nanoTime();

        RegistrationOutcome outcome = gateway.register(registration(MASTER));
        List<NameServerReply> replies = outcome.replies();

        // The silent NameServer costs one request timeout, not a wait without end.
        assertThat(Duration.ofNanos(System.nanoTime() - startNanos)).isLessThan(TIMEOUT.multipliedBy(2));
        assertThat(outcome.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.nameServer()).isEqualTo("127.0.0.1:" + silent.getLocalPort());
            assertThat(failure.reason()).contains("no answer within");
        });
        assertThat(replies).extracting(NameServerReply::nameServer).containsExactly(first.address(), second.address());
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.masterAddress()).isEmpty();
            assertThat(reply.orderTopicConfig()).isEmpty();
        });
        for (LoopbackNameServer nameServer : List.of(first, second)) {
            TopicRouteData route = route(nameServer, "TopicTest");
            assertThat(route.getBrokerDatas()).singleElement().satisfies(broker -> {
                assertThat(broker.getCluster()).isEqualTo("DefaultCluster");
                assertThat(broker.getBrokerName()).isEqualTo("broker-a");
                assertThat(broker.getBrokerAddrs()).containsExactly(Map.entry(0L, "10.0.0.1:10911"));
            });
            assertThat(route.getQueueDatas()).singleElement().satisfies(queues -> {
                assertThat(queues.getReadQueueNums()).isEqualTo(4);
                assertThat(queues.getWriteQueueNums()).isEqualTo(6);
                assertThat(queues.getPerm()).isEqualTo(6);
            });
        }
    }

    @Test
    void sendsTheOfficialHeader_andABodyTheOfficialClassDecodes() {
        liveOnly.register(registration(MASTER));

        RemotingCommand request = first.registrations.poll();
        assertThat(request).isNotNull();
        assertThat(request.extFields()).containsAllEntriesOf(Map.of(
                "brokerName", "broker-a",
                "brokerAddr", "10.0.0.1:10911",
                "clusterName", "DefaultCluster",
                "haServerAddr", "10.0.0.1:10912",
                "brokerId", "0",
                "heartbeatTimeoutMillis", "90000",
                "enableActingMaster", "false",
                "compressed", "false",
                "bodyCrc32", Integer.toString(NettyNameServerGateway.crc32(request.body()))));
        RegisterBrokerBody body = RegisterBrokerBody.decode(request.body(), RegisterBrokerBody.class);
        assertThat(body.getFilterServerList()).isEmpty();
        var wrapper = body.getTopicConfigSerializeWrapper();
        assertThat(wrapper.getDataVersion().getCounter().get()).isEqualTo(3);
        assertThat(wrapper.getDataVersion().getTimestamp()).isEqualTo(START);
        assertThat(wrapper.getDataVersion().getStateVersion()).isZero();
        assertThat(wrapper.getTopicConfigTable()).containsOnlyKeys("TopicTest", "TBW102");
        org.apache.rocketmq.common.TopicConfig topic = wrapper.getTopicConfigTable().get("TopicTest");
        assertThat(topic.getTopicName()).isEqualTo("TopicTest");
        assertThat(topic.getReadQueueNums()).isEqualTo(4);
        assertThat(topic.getWriteQueueNums()).isEqualTo(6);
        assertThat(topic.getPerm()).isEqualTo(6);
        assertThat(topic.getTopicFilterType().name()).isEqualTo("MULTI_TAG");
        assertThat(topic.getTopicSysFlag()).isZero();
        assertThat(topic.isOrder()).isTrue();
        assertThat(topic.getAttributes()).containsExactly(Map.entry("+message.type", "NORMAL"));
        assertThat(wrapper.getTopicConfigTable().get("TBW102").getPerm()).isEqualTo(7);
    }

    @Test
    void readsTheMasterAddressesForASlave_andTheOrderTopicTable() {
        new PutKvConfig(first.kvConfig, new InMemoryKvConfigStore()).put(
                new PutKvConfig.Command(KvNamespace.ORDER_TOPIC_CONFIG, "TopicTest", "broker-a:4"));
        liveOnly.register(registration(MASTER));

        List<NameServerReply> replies = liveOnly.register(registration(SLAVE)).replies();

        assertThat(replies).hasSize(2);
        assertThat(replies).allSatisfy(reply -> {
            assertThat(reply.masterAddress()).contains(new BrokerAddress("10.0.0.1:10911"));
            assertThat(reply.haServerAddress()).contains(new BrokerAddress("10.0.0.1:10912"));
        });
        assertThat(replies.get(0).orderTopicConfig()).isEqualTo(Optional.of(Map.of("TopicTest", "broker-a:4")));
        assertThat(replies.get(1).orderTopicConfig()).isEmpty();
    }

    @Test
    void unregisterRemovesTheBrokerFromEveryLiveNameServer() throws Exception {
        liveOnly.register(registration(MASTER));

        gateway.unregister(MASTER);

        assertThat(route(first, "TopicTest")).isNull();
        assertThat(route(second, "TopicTest")).isNull();
    }
}
