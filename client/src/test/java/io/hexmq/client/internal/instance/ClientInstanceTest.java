package io.hexmq.client.internal.instance;

import static io.hexmq.client.internal.testing.FakeNameServer.broker;
import static io.hexmq.client.internal.testing.FakeNameServer.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.TopicRoute;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.testing.FakeNameServer;
import io.hexmq.client.internal.testing.FakeNetwork;
import io.hexmq.client.internal.testing.ManualTime;
import io.hexmq.client.internal.testing.TestClients;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.header.ConsumerGroupHeader;
import io.hexmq.remoting.header.ResetOffsetHeader;
import io.hexmq.remoting.header.TopicHeader;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ClientInstanceTest {

    private static final String MASTER_A = "10.0.0.1:10911";
    private static final String SLAVE_A = "10.0.0.2:10911";
    private static final String MASTER_B = "10.0.1.1:10911";

    private final ManualTime time = new ManualTime();
    private final FakeNetwork network = new FakeNetwork()
            .succeed(RequestCode.HEART_BEAT)
            .succeed(RequestCode.UNREGISTER_CLIENT);
    private final FakeNameServer nameServer = new FakeNameServer(network)
            .topic("orders", route(2, broker("broker-a", Map.of(0L, MASTER_A, 1L, SLAVE_A))));
    private final ClientInstance instance = TestClients.instance(network, time);

    @Test
    void isKnownByTheLocalAddressAndTheInstanceName() {
        assertThat(instance.clientId()).matches("\\d+\\.\\d+\\.\\d+\\.\\d+@test");
    }

    @Test
    void fetchesATopicsRouteOnce_andAnswersFromTheCacheAfterwards() {
        TopicRoute first = instance.routes().route("orders").join();
        TopicRoute second = instance.routes().route("orders").join();

        assertThat(second).isEqualTo(first);
        assertThat(first.queues()).singleElement().satisfies(queues -> assertThat(queues.readQueueNums()).isEqualTo(2));
        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).singleElement().satisfies(call -> {
            assertThat(call.address()).isEqualTo(TestClients.NAME_SERVER);
            assertThat(call.request().header().stringOf(TopicHeader.TOPIC)).isEqualTo("orders");
        });
    }

    @Test
    void refetchesTheRoutesInUse_everyRouteRefreshInterval() {
        instance.routes().route("orders").join();
        nameServer.topic("orders", route(2, broker("broker-a", MASTER_B)));

        time.advance(TestClients.ROUTE_REFRESH.minusMillis(1));
        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).hasSize(1);
        time.advance(TestClients.ROUTE_REFRESH);

        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).hasSize(2);
        assertThat(instance.routes().masterAddress("broker-a")).contains(MASTER_B);
    }

    @Test
    void keepsTheRouteItHas_whenARefreshFails() {
        instance.routes().route("orders").join();
        nameServer.forget("orders");

        time.advance(TestClients.ROUTE_REFRESH);

        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).hasSize(2);
        assertThat(instance.routes().route("orders").join().brokers()).singleElement()
                .satisfies(group -> assertThat(group.brokerName()).isEqualTo("broker-a"));
    }

    @Test
    void addressesABrokerGroupByItsMaster_andHasNoAddressForAGroupWithoutOne() {
        nameServer.topic("audit", route(1, broker("broker-b", Map.of(1L, SLAVE_A))));
        assertThat(instance.routes().masterAddress("broker-a")).isEmpty();

        instance.routes().route("orders").join();
        instance.routes().route("audit").join();

        assertThat(instance.routes().masterAddress("broker-a")).contains(MASTER_A);
        assertThat(instance.routes().masterAddress("broker-b")).isEmpty();
        assertThat(instance.routes().masterAddresses()).containsExactly(MASTER_A);
    }

    @Test
    void asksTheNextNameServer_whenOneCannotBeReached_andKeepsAskingTheOneThatAnswered() {
        String down = "10.0.0.8:9876";
        nameServer.unreachable(down);
        ClientInstance failingOver = TestClients.instance(network, time, List.of(down, TestClients.NAME_SERVER));

        failingOver.routes().fetch("orders").join();
        failingOver.routes().fetch("orders").join();

        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).extracting(FakeNetwork.Call::address)
                .containsExactly(down, TestClients.NAME_SERVER, TestClients.NAME_SERVER);
    }

    @Test
    void failsWithTheNameServersCode_whenItDoesNotKnowTheTopic() {
        assertThatThrownBy(() -> instance.routes().fetch("unknown").join())
                .hasCauseInstanceOf(HexmqClientException.class)
                .cause().satisfies(e -> assertThat(((HexmqClientException) e).responseCode())
                        .isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).hasSize(1);
    }

    @Test
    void sendsNoHeartbeat_whileNoGroupIsRegistered() {
        instance.routes().route("orders").join();

        time.advance(TestClients.HEARTBEAT);

        assertThat(network.calls(RequestCode.HEART_BEAT)).isEmpty();
    }

    @Test
    void heartbeatsTheMastersWithTheProducerGroups_whileOnlyProducersAreRegistered() {
        instance.routes().route("orders").join();

        instance.registerProducer("pg");

        assertThat(network.calls(RequestCode.HEART_BEAT)).singleElement().satisfies(call -> {
            assertThat(call.address()).isEqualTo(MASTER_A);
            ConsumerJson.Heartbeat heartbeat = ConsumerJson.readHeartbeat(call.request().body());
            assertThat(heartbeat.clientId()).isEqualTo(instance.clientId());
            assertThat(heartbeat.producerGroups()).containsExactly("pg");
            assertThat(heartbeat.consumers()).isEmpty();
        });
    }

    @Test
    void heartbeatsEveryMemberOfEveryBrokerGroup_onceAConsumerIsRegistered() {
        instance.routes().route("orders").join();

        instance.registerConsumer(consumer("cg"));

        assertThat(network.calls(RequestCode.HEART_BEAT)).extracting(FakeNetwork.Call::address)
                .containsExactlyInAnyOrder(MASTER_A, SLAVE_A);
        ConsumerJson.Heartbeat heartbeat = ConsumerJson.readHeartbeat(network.calls(RequestCode.HEART_BEAT).get(0)
                .request().body());
        assertThat(heartbeat.consumers()).singleElement().satisfies(entry -> {
            assertThat(entry.group()).isEqualTo("cg");
            assertThat(entry.consumeType()).isEqualTo("CONSUME_PASSIVELY");
            assertThat(entry.subscriptions()).singleElement()
                    .satisfies(subscription -> assertThat(subscription.topic()).isEqualTo("orders"));
        });
    }

    @Test
    void heartbeatsAgain_everyHeartbeatInterval() {
        instance.routes().route("orders").join();
        instance.registerProducer("pg");

        time.advance(TestClients.HEARTBEAT);
        time.advance(TestClients.HEARTBEAT);

        assertThat(network.calls(RequestCode.HEART_BEAT)).hasSize(3);
    }

    @Test
    void heartbeatsABroker_theFirstTimeARouteNamesIt() {
        instance.registerProducer("pg");
        assertThat(network.calls(RequestCode.HEART_BEAT)).isEmpty();

        instance.routes().route("orders").join();
        instance.routes().refreshAll();

        assertThat(network.calls(RequestCode.HEART_BEAT)).extracting(FakeNetwork.Call::address)
                .containsExactly(MASTER_A);
    }

    @Test
    void refusesASecondProducerOrConsumerOfOneGroup() {
        instance.registerProducer("pg");
        instance.claimConsumerGroup("cg", () -> { });

        assertThatThrownBy(() -> instance.registerProducer("pg")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("producer group pg");
        assertThatThrownBy(() -> instance.claimConsumerGroup("cg", () -> { }))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("consumer group cg");
    }

    @Test
    void runsTheGroupsListener_whenABrokerSaysItsMembersChanged() {
        AtomicInteger changes = new AtomicInteger();
        instance.claimConsumerGroup("cg", changes::incrementAndGet);

        CompletableFuture<RemotingCommand> answer = network.brokerSends(MASTER_A,
                RemotingCommand.request(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED)
                        .extField(ConsumerGroupHeader.CONSUMER_GROUP, "cg").build());
        assertThat(changes).as("served on a callback thread, not the I/O thread").hasValue(0);
        time.runDue();

        assertThat(changes).hasValue(1);
        assertThat(answer.join().code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void handsTheNewOffsetsToTheGroup_whenABrokerResetsThem() {
        List<Map<MessageQueue, Long>> resets = new ArrayList<>();
        instance.claimConsumerGroup("cg", () -> { }, (topic, offsets) -> resets.add(offsets));
        byte[] body = ConsumerJson.offsetTable(Map.of(new ConsumerJson.Queue("orders", "broker-a", 1), 42L),
                String::valueOf);

        network.brokerSends(MASTER_A, RemotingCommand.request(RequestCode.RESET_CONSUMER_CLIENT_OFFSET)
                .extField(ResetOffsetHeader.GROUP, "cg").extField(ResetOffsetHeader.TOPIC, "orders")
                .extField(ResetOffsetHeader.TIMESTAMP, 0L).extField(ResetOffsetHeader.IS_FORCE, true)
                .body(body).build());
        time.runDue();

        assertThat(resets).containsExactly(Map.of(new MessageQueue("orders", "broker-a", 1), 42L));
    }

    @Test
    void answersRequestCodeNotSupported_toABrokerRequestNothingServes() {
        CompletableFuture<RemotingCommand> answer = network.brokerSends(MASTER_A,
                RemotingCommand.request(RequestCode.CHECK_TRANSACTION_STATE).build());
        time.runDue();

        assertThat(answer.join().code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
    }

    @Test
    void refusesAnAdminsQuestion_forAGroupWithoutPushConsumerHere() {
        instance.claimConsumerGroup("cg", () -> { });

        CompletableFuture<RemotingCommand> answer = network.brokerSends(MASTER_A,
                RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO)
                        .extField("consumerGroup", "cg").extField("clientId", instance.clientId())
                        .extField("jstackEnable", false).build());
        time.runDue();

        assertThat(answer.join().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(answer.join().remark()).isEqualTo("consumer group cg has no push consumer in client "
                + instance.clientId());
    }

    @Test
    void close_closesTheConsumersFirst_thenUnregistersEveryGroupFromEveryBroker() {
        List<String> order = new ArrayList<>();
        instance.routes().route("orders").join();
        instance.registerProducer("pg");
        instance.registerConsumer(consumer("cg"));
        instance.addComponent(() -> order.add("component closed, unregistrations sent: "
                + network.calls(RequestCode.UNREGISTER_CLIENT).size()));

        instance.close();

        assertThat(order).containsExactly("component closed, unregistrations sent: 0");
        assertThat(network.calls(RequestCode.UNREGISTER_CLIENT)).extracting(call -> call.address() + " "
                        + call.request().header().stringOf(UnregisterClientHeader.CLIENT_ID) + " "
                        + call.request().header().stringOf(UnregisterClientHeader.CONSUMER_GROUP) + " "
                        + call.request().header().stringOf(UnregisterClientHeader.PRODUCER_GROUP))
                .containsExactlyInAnyOrder(
                        MASTER_A + " " + instance.clientId() + " cg null",
                        SLAVE_A + " " + instance.clientId() + " cg null",
                        MASTER_A + " " + instance.clientId() + " null pg",
                        SLAVE_A + " " + instance.clientId() + " null pg");
    }

    @Test
    void close_endsTheNetworkAndTheThreads_andIsIdempotent() {
        instance.registerProducer("pg");

        instance.close();
        instance.close();

        assertThat(network.isClosed()).isTrue();
        assertThat(instance.callbackExecutor().isShutdown()).isTrue();
        assertThat(instance.scheduler().isShutdown()).isTrue();
        assertThat(time.pending()).as("no periodic route refresh or heartbeat left").isZero();
    }

    @Test
    void refusesNewProducersAndConsumers_onceClosed() {
        instance.close();

        assertThatThrownBy(() -> instance.registerProducer("pg")).isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("the client is closed")
                .satisfies(e -> assertThat(((HexmqClientException) e).responseCode())
                        .isEqualTo(HexmqClientException.CLIENT_ERROR));
        assertThatThrownBy(() -> instance.claimConsumerGroup("cg", () -> { }))
                .isInstanceOf(HexmqClientException.class);
    }

    private static ConsumerRegistration consumer(String group) {
        return new ConsumerRegistration(group, "CONSUME_PASSIVELY", "CLUSTERING", "CONSUME_FROM_LAST_OFFSET",
                List.of(new ConsumerRegistration.Subscription("orders", "*", 1L)));
    }
}
