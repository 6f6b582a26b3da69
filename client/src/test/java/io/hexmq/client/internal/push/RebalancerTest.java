package io.hexmq.client.internal.push;

import static io.hexmq.client.internal.testing.FakeConsumerBroker.pullOffset;
import static io.hexmq.client.internal.testing.FakeConsumerBroker.pullQueue;
import static io.hexmq.client.internal.testing.FakeNameServer.broker;
import static io.hexmq.client.internal.testing.FakeNameServer.route;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.client.ConsumeResult;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.consumer.ConsumerCalls;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.offsets.OffsetStore;
import io.hexmq.client.internal.offsets.RemoteOffsetStore;
import io.hexmq.client.internal.remote.ConsumerRegistration;
import io.hexmq.client.internal.testing.FakeConsumerBroker;
import io.hexmq.client.internal.testing.FakeNameServer;
import io.hexmq.client.internal.testing.FakeNetwork;
import io.hexmq.client.internal.testing.ManualTime;
import io.hexmq.client.internal.testing.TestClients;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.header.ConsumerOffsetHeader;
import io.hexmq.remoting.protocol.RequestCode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RebalancerTest {

    private static final String MASTER = "10.0.0.1:10911";
    /** Sorts before any client id of this host, so that it takes the first share. */
    private static final String OTHER_MEMBER = "0.0.0.0@other";
    private static final MessageQueue Q0 = new MessageQueue("orders", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("orders", "broker-a", 1);
    private static final MessageQueue Q2 = new MessageQueue("orders", "broker-a", 2);
    private static final MessageQueue Q3 = new MessageQueue("orders", "broker-a", 3);

    private final ManualTime time = new ManualTime();
    private final FakeNetwork network = new FakeNetwork()
            .succeed(RequestCode.HEART_BEAT)
            .succeed(RequestCode.UNREGISTER_CLIENT);
    private final FakeNameServer nameServer = new FakeNameServer(network)
            .topic("orders", route(4, broker("broker-a", MASTER)));
    private final FakeConsumerBroker broker = new FakeConsumerBroker(network);
    private final ClientInstance instance = TestClients.instance(network, time);
    private final ConsumerCalls calls = new ConsumerCalls(instance);
    private final OffsetStore offsets = new RemoteOffsetStore(calls, "cg", 3_000);
    private PushConsumerThreads threads;

    private Rebalancer rebalancer(boolean broadcasting, boolean orderly, String... topics) {
        Map<String, String> expressions = new LinkedHashMap<>();
        Map<String, ConsumerRegistration.Subscription> subscriptions = new LinkedHashMap<>();
        for (String topic : topics) {
            expressions.put(topic, "*");
            subscriptions.put(topic, new ConsumerRegistration.Subscription(topic, "*", 1L));
        }
        PushConsumerSettings settings = new PushConsumerSettings("cg", expressions, broadcasting, orderly,
                message -> ConsumeResult.SUCCESS, 1, 1000, ConsumeFrom.LAST, 32, Duration.ofSeconds(5),
                Duration.ofSeconds(20), 16, Duration.ofSeconds(1), null);
        threads = new PushConsumerThreads("cg", time.executor(), time.executor(), instance.scheduler());
        QueuePuller puller = new QueuePuller(instance, settings, subscriptions, calls, offsets, threads,
                (processQueue, messages) -> { });
        return new Rebalancer(instance, settings, subscriptions, calls, offsets, threads, puller);
    }

    private Rebalancer clustering(String... topics) {
        return rebalancer(false, false, topics);
    }

    private Rebalancer orderly() {
        return rebalancer(false, true, "orders");
    }

    private Rebalancer rebalanced(Rebalancer rebalancer) {
        rebalancer.requestRebalance();
        time.runDue();
        return rebalancer;
    }

    /** "topic/queueId@offset" of each pull in flight. */
    private List<String> pullsInFlight() {
        return network.pending(RequestCode.PULL_MESSAGE).stream().map(pull -> pullQueue(pull) + "@" + pullOffset(pull))
                .toList();
    }

    private List<String> committedOneway() {
        return network.calls(RequestCode.UPDATE_CONSUMER_OFFSET).stream()
                .filter(call -> call.request().isOneway())
                .map(call -> call.request().header().stringOf(ConsumerOffsetHeader.TOPIC) + "/"
                        + call.request().header().intOf(ConsumerOffsetHeader.QUEUE_ID) + "@"
                        + call.request().header().longOf(ConsumerOffsetHeader.COMMIT_OFFSET))
                .toList();
    }

    private List<String> lockRequests(int code) {
        return network.calls(code).stream().map(call -> ConsumerJson.readLockRequest(call.request().body(), "lock")
                .queues().stream().map(queue -> queue.topic() + "/" + queue.queueId()).toList().toString()).toList();
    }

    @Test
    void takesItsShareOfTheQueues_amongTheGroupsMembers() {
        broker.members(OTHER_MEMBER, instance.clientId());

        Rebalancer rebalancer = rebalanced(clustering("orders"));

        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q2, Q3);
        assertThat(network.calls(RequestCode.GET_CONSUMER_LIST_BY_GROUP)).singleElement()
                .satisfies(call -> assertThat(call.address()).isEqualTo(MASTER));
    }

    @Test
    void startsEachQueueAtTheGroupsCommittedOffset_orWhereConsumeFromSays() {
        broker.members(instance.clientId()).committed("orders", 2, 7).offsets("orders", 3, 0, 50);

        rebalanced(clustering("orders"));

        assertThat(pullsInFlight()).containsExactlyInAnyOrder("orders/0@0", "orders/1@0", "orders/2@7",
                "orders/3@50");
    }

    @Test
    void broadcasting_takesEveryQueue_withoutAskingForTheMembers() {
        Rebalancer rebalancer = rebalanced(rebalancer(true, false, "orders"));

        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q0, Q1, Q2, Q3);
        assertThat(network.calls(RequestCode.GET_CONSUMER_LIST_BY_GROUP)).isEmpty();
    }

    @Test
    void announcesItself_andTriesAgainSoon_whenTheBrokerDoesNotListItAmongTheMembers() {
        instance.registerConsumer(new ConsumerRegistration("cg", "CONSUME_PASSIVELY", "CLUSTERING",
                "CONSUME_FROM_LAST_OFFSET", List.of()));
        broker.members(OTHER_MEMBER);
        instance.routes().route("orders").join();
        network.clearCalls();

        Rebalancer rebalancer = rebalanced(clustering("orders"));

        assertThat(rebalancer.assignment()).isEmpty();
        assertThat(network.calls(RequestCode.HEART_BEAT)).isNotEmpty();
        broker.members(OTHER_MEMBER, instance.clientId());
        time.advance(Duration.ofSeconds(1));
        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q2, Q3);
    }

    @Test
    void releasesTheQueuesAssignedAway_committingTheirOffsets_andKeepsTheOthersRunning() {
        broker.members(instance.clientId()).committed("orders", 0, 3).committed("orders", 1, 4);
        Rebalancer rebalancer = rebalanced(clustering("orders"));
        ProcessQueue released = rebalancer.processQueue(Q0).orElseThrow();
        int pullsBefore = network.calls(RequestCode.PULL_MESSAGE).size();

        broker.members(OTHER_MEMBER, instance.clientId());
        rebalanced(rebalancer);

        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q2, Q3);
        assertThat(released.isDropped()).isTrue();
        assertThat(committedOneway()).containsExactlyInAnyOrder("orders/0@3", "orders/1@4");
        assertThat(network.calls(RequestCode.PULL_MESSAGE)).as("the queues kept are not started again")
                .hasSize(pullsBefore);
    }

    @Test
    void startsTheQueuesTheRouteAdds() {
        nameServer.topic("orders", route(2, broker("broker-a", MASTER)));
        broker.members(instance.clientId());
        Rebalancer rebalancer = rebalanced(clustering("orders"));
        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q0, Q1);

        nameServer.topic("orders", route(4, broker("broker-a", MASTER)));
        instance.routes().refreshAll();
        rebalanced(rebalancer);

        assertThat(rebalancer.assignment()).containsExactlyInAnyOrder(Q0, Q1, Q2, Q3);
    }

    @Test
    void rebalancesTheTopicsItCan_andTriesTheOthersAgainSoon() {
        broker.members(instance.clientId());
        nameServer.topic("audit", route(1, broker("broker-a", MASTER)));
        nameServer.forget("orders");

        Rebalancer rebalancer = rebalanced(clustering("orders", "audit"));
        assertThat(rebalancer.assignment()).containsExactly(new MessageQueue("audit", "broker-a", 0));

        nameServer.topic("orders", route(1, broker("broker-a", MASTER)));
        time.advance(Duration.ofSeconds(1));
        assertThat(rebalancer.assignment()).contains(Q0);
    }

    @Test
    void mergesTheRebalancesAskedFor_whileOneIsPending() {
        broker.members(instance.clientId());
        Rebalancer rebalancer = clustering("orders");

        rebalancer.requestRebalance();
        rebalancer.requestRebalance();
        rebalancer.requestRebalance();
        time.runDue();

        assertThat(network.calls(RequestCode.GET_CONSUMER_LIST_BY_GROUP)).hasSize(1);
    }

    @Test
    void orderly_locksEachQueueOnItsBroker_beforeItPullsIt() {
        broker.members(instance.clientId());

        Rebalancer rebalancer = rebalanced(orderly());

        assertThat(lockRequests(RequestCode.LOCK_BATCH_MQ)).containsExactlyInAnyOrder("[orders/0]", "[orders/1]",
                "[orders/2]", "[orders/3]");
        assertThat(rebalancer.processQueue(Q0).orElseThrow().holdsLock(time.millis())).isTrue();
        assertThat(network.calls().stream().map(call -> call.request().code())
                .filter(code -> code == RequestCode.LOCK_BATCH_MQ || code == RequestCode.PULL_MESSAGE).toList())
                .startsWith(RequestCode.LOCK_BATCH_MQ);
    }

    @Test
    void orderly_triesAQueuesLockAgainLater_whileAnotherMemberHoldsIt() {
        broker.members(instance.clientId()).lockHeldElsewhere("orders", 1);
        Rebalancer rebalancer = rebalanced(orderly());
        assertThat(rebalancer.assignment()).doesNotContain(Q1);
        assertThat(pullsInFlight()).doesNotContain("orders/1@0");

        broker.lockReleasedElsewhere("orders", 1);
        time.advance(Duration.ofSeconds(1));

        assertThat(rebalancer.assignment()).contains(Q1);
        assertThat(pullsInFlight()).contains("orders/1@0");
    }

    @Test
    void orderly_givesAQueuesLockBack_afterCommittingItsOffset_whenTheQueueIsAssignedAway() {
        broker.members(instance.clientId()).offsets("orders", 0, 0, 20);
        Rebalancer rebalancer = rebalanced(orderly());
        network.clearCalls();

        broker.members(OTHER_MEMBER, instance.clientId());
        rebalanced(rebalancer);

        assertThat(lockRequests(RequestCode.UNLOCK_BATCH_MQ)).containsExactlyInAnyOrder("[orders/0]", "[orders/1]");
        assertThat(network.calls(RequestCode.UNLOCK_BATCH_MQ)).allSatisfy(call -> {
            assertThat(call.request().isOneway()).isTrue();
            assertThat(call.address()).isEqualTo(MASTER);
        });
        List<Integer> codes = network.calls().stream().map(call -> call.request().code()).toList();
        assertThat(codes.indexOf(RequestCode.UPDATE_CONSUMER_OFFSET))
                .isLessThan(codes.indexOf(RequestCode.UNLOCK_BATCH_MQ));
        assertThat(broker.committedOffset("orders", 0)).hasValue(20);
    }

    @Test
    void orderly_renewsEveryLockInOneRequestPerBroker_andForgetsTheLocksNoLongerGranted() {
        broker.members(instance.clientId());
        Rebalancer rebalancer = rebalanced(orderly());
        network.clearCalls();
        broker.lockHeldElsewhere("orders", 3);

        rebalancer.requestLockAll();
        time.runDue();

        assertThat(network.calls(RequestCode.LOCK_BATCH_MQ)).hasSize(1);
        assertThat(rebalancer.processQueue(Q0).orElseThrow().holdsLock(time.millis())).isTrue();
        assertThat(rebalancer.processQueue(Q3).orElseThrow().holdsLock(time.millis())).isFalse();
    }

    @Test
    void dropAll_givesEveryLockBack_andDropsEveryQueue() {
        broker.members(instance.clientId());
        Rebalancer rebalancer = rebalanced(orderly());
        ProcessQueue q2 = rebalancer.processQueue(Q2).orElseThrow();
        network.clearCalls();

        threads.stop();
        rebalancer.dropAll();

        assertThat(lockRequests(RequestCode.UNLOCK_BATCH_MQ)).singleElement()
                .satisfies(queues -> assertThat(queues).contains("orders/0", "orders/1", "orders/2", "orders/3"));
        assertThat(q2.isDropped()).isTrue();
        assertThat(rebalancer.processQueues()).isEmpty();
    }

    @Test
    void movesAQueueItConsumesToTheOffsetAnAdminResetItTo() {
        broker.members(instance.clientId()).offsets("orders", 2, 0, 50);
        Rebalancer rebalancer = rebalanced(clustering("orders"));
        ProcessQueue before = rebalancer.processQueue(Q2).orElseThrow();

        rebalancer.requestOffsetReset("orders", Map.of(Q2, 5L));
        time.runDue();

        assertThat(before.isDropped()).isTrue();
        assertThat(rebalancer.processQueue(Q2).orElseThrow()).isNotSameAs(before);
        assertThat(pullsInFlight()).contains("orders/2@5");
        assertThat(broker.committedOffset("orders", 2)).hasValue(5);
    }

    @Test
    void ignoresAnOffsetResetOfATopicItDoesNotSubscribe() {
        broker.members(instance.clientId());
        Rebalancer rebalancer = rebalanced(clustering("orders"));
        int pulls = network.calls(RequestCode.PULL_MESSAGE).size();

        rebalancer.requestOffsetReset("audit", Map.of(new MessageQueue("audit", "broker-a", 0), 5L));
        time.runDue();

        assertThat(network.calls(RequestCode.PULL_MESSAGE)).hasSize(pulls);
    }
}
