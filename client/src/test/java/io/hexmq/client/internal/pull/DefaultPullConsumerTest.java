package io.hexmq.client.internal.pull;

import static io.hexmq.client.internal.testing.FakeConsumerBroker.found;
import static io.hexmq.client.internal.testing.FakeConsumerBroker.noNewMessage;
import static io.hexmq.client.internal.testing.FakeConsumerBroker.offsetMoved;
import static io.hexmq.client.internal.testing.FakeConsumerBroker.pullOffset;
import static io.hexmq.client.internal.testing.FakeConsumerBroker.pullQueue;
import static io.hexmq.client.internal.testing.FakeNameServer.broker;
import static io.hexmq.client.internal.testing.FakeNameServer.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.ReceivedMessage;
import io.hexmq.client.internal.consumer.ConsumeFrom;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.instance.ClientRuntime;
import io.hexmq.client.internal.instance.ClientSettings;
import io.hexmq.client.internal.testing.FakeConsumerBroker;
import io.hexmq.client.internal.testing.FakeNameServer;
import io.hexmq.client.internal.testing.FakeNetwork;
import io.hexmq.client.internal.testing.ManualTime;
import io.hexmq.client.internal.testing.StoredMessages;
import io.hexmq.client.internal.testing.TestClients;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.PullSysFlag;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.header.PullMessageHeader;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestCode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DefaultPullConsumerTest {

    private static final String MASTER = "10.0.0.1:10911";
    private static final MessageQueue Q0 = new MessageQueue("orders", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("orders", "broker-a", 1);

    private final ManualTime time = new ManualTime();
    private final FakeNetwork network = new FakeNetwork()
            .succeed(RequestCode.HEART_BEAT)
            .succeed(RequestCode.UNREGISTER_CLIENT);
    private final FakeNameServer nameServer = new FakeNameServer(network)
            .topic("orders", route(2, broker("broker-a", MASTER)));
    private final FakeConsumerBroker broker = new FakeConsumerBroker(network);
    private final ClientInstance instance = TestClients.instance(network, time);

    private DefaultPullConsumer consumer(int maxPollMessages, ConsumeFrom consumeFrom) {
        return new DefaultPullConsumer(instance, new PullConsumerSettings("cg", 32, maxPollMessages, consumeFrom));
    }

    private DefaultPullConsumer consumer() {
        return consumer(100, ConsumeFrom.LAST);
    }

    /** Messages of queue 0 at queue offsets {@code first}, {@code first + 1}, ... with these bodies. */
    private static byte[] records(long first, String... bodies) {
        Message[] messages = new Message[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            messages[i] = Message.builder("orders", 0, bodies[i].getBytes(StandardCharsets.UTF_8))
                    .bornHost(StoredMessages.BORN).build();
        }
        return StoredMessages.queueRecords(first, 1_000, messages);
    }

    private FakeNetwork.Call pendingPull(MessageQueue queue) {
        return network.pending(RequestCode.PULL_MESSAGE).stream()
                .filter(pull -> pullQueue(pull).equals(queue.topic() + "/" + queue.queueId()))
                .reduce((first, second) -> {
                    throw new AssertionError("two pulls of " + queue + " in flight");
                })
                .orElseThrow(() -> new AssertionError("no pull of " + queue + " in flight"));
    }

    private static List<String> bodies(List<ReceivedMessage> messages) {
        return messages.stream().map(ReceivedMessage::bodyAsString).toList();
    }

    @Test
    void queues_areTheReadableQueuesOfTheTopicsRoute() {
        assertThat(consumer().queues("orders")).containsExactly(Q0, Q1);
    }

    @Test
    void assign_announcesTheGroupAsAPullConsumerOfTheAssignedTopics() {
        consumer().assign(List.of(Q0));

        assertThat(network.calls(RequestCode.HEART_BEAT)).isNotEmpty().allSatisfy(call -> {
            ConsumerJson.Consumer entry = ConsumerJson.readHeartbeat(call.request().body()).consumers().get(0);
            assertThat(entry.group()).isEqualTo("cg");
            assertThat(entry.consumeType()).isEqualTo("CONSUME_ACTIVELY");
            assertThat(entry.subscriptions()).singleElement().satisfies(subscription -> {
                assertThat(subscription.topic()).isEqualTo("orders");
                assertThat(subscription.subString()).isEqualTo("*");
            });
        });
    }

    @Test
    void assign_startsAQueueAtTheGroupsCommittedOffset() {
        broker.committed("orders", 0, 7);
        DefaultPullConsumer consumer = consumer();

        consumer.assign(List.of(Q0));

        assertThat(consumer.assignment()).containsExactly(Q0);
        assertThat(consumer.position(Q0)).isEqualTo(7);
    }

    @Test
    void assign_startsAQueueWithoutCommittedOffset_whereConsumeFromSays() {
        Instant noon = Instant.parse("2024-01-01T12:00:00Z");
        broker.offsets("orders", 0, 3, 50).offsetAt("orders", 0, noon.toEpochMilli(), 20);

        assertThat(startOffset(ConsumeFrom.FIRST)).isEqualTo(3);
        assertThat(startOffset(ConsumeFrom.LAST)).isEqualTo(50);
        assertThat(startOffset(ConsumeFrom.timestamp(noon))).isEqualTo(20);
    }

    private long startOffset(ConsumeFrom consumeFrom) {
        DefaultPullConsumer consumer = consumer(100, consumeFrom);
        try {
            consumer.assign(List.of(Q0));
            return consumer.position(Q0);
        } finally {
            consumer.close();
        }
    }

    @Test
    void assign_replacesTheAssignment_keepingThePositionOfEachQueueItKeeps() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0, Q1));
        consumer.seek(Q1, 12);

        consumer.assign(List.of(Q1));

        assertThat(consumer.assignment()).containsExactly(Q1);
        assertThat(consumer.position(Q1)).isEqualTo(12);
        assertThatThrownBy(() -> consumer.position(Q0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void seek_movesThePosition_ofAnAssignedQueueOnly() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));

        consumer.seek(Q0, 42);

        assertThat(consumer.position(Q0)).isEqualTo(42);
        assertThatThrownBy(() -> consumer.seek(Q1, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> consumer.seek(Q0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void seeksToTheBeginningTheEndOrATimestamp_whereTheBrokerSaysTheyAre() {
        Instant noon = Instant.parse("2024-01-01T12:00:00Z");
        broker.offsets("orders", 0, 3, 50).offsetAt("orders", 0, noon.toEpochMilli(), 20);
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));

        consumer.seekToBeginning(List.of(Q0));
        assertThat(consumer.position(Q0)).isEqualTo(3);
        consumer.seekToTimestamp(Q0, noon);
        assertThat(consumer.position(Q0)).isEqualTo(20);
        consumer.seekToEnd(List.of(Q0));
        assertThat(consumer.position(Q0)).isEqualTo(50);
        assertThatThrownBy(() -> consumer.seekToEnd(List.of(Q1))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void poll_keepsOneLongPollingPullInFlightPerQueue_fromItsPosition() {
        broker.committed("orders", 0, 7).committed("orders", 1, 9);
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0, Q1));

        assertThat(consumer.poll(Duration.ZERO)).isEmpty();
        consumer.poll(Duration.ZERO);

        assertThat(network.calls(RequestCode.PULL_MESSAGE)).hasSize(2);
        HeaderReader pull = pendingPull(Q0).request().header();
        assertThat(pull.stringOf(PullMessageHeader.CONSUMER_GROUP)).isEqualTo("cg");
        assertThat(pull.longOf(PullMessageHeader.QUEUE_OFFSET)).isEqualTo(7);
        assertThat(pull.intOf(PullMessageHeader.SYS_FLAG)).isEqualTo(PullSysFlag.SUSPEND | PullSysFlag.SUBSCRIPTION);
        assertThat(pull.stringOf(PullMessageHeader.SUBSCRIPTION)).isEqualTo("*");
        assertThat(pull.longOf(PullMessageHeader.SUSPEND_TIMEOUT_MILLIS)).isEqualTo(DefaultPullConsumer.SUSPEND_MILLIS);
        assertThat(pullOffset(pendingPull(Q1))).isEqualTo(9);
        assertThat(pendingPull(Q0).address()).isEqualTo(MASTER);
    }

    @Test
    void poll_returnsThePulledMessages_movesThePositionPastThem_andPullsOnFromThere() {
        broker.committed("orders", 0, 7);
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);

        found(pendingPull(Q0), 9, records(7, "seven", "eight"));
        time.runDue();
        List<ReceivedMessage> polled = consumer.poll(Duration.ZERO);

        assertThat(bodies(polled)).containsExactly("seven", "eight");
        assertThat(polled).extracting(ReceivedMessage::queueOffset).containsExactly(7L, 8L);
        assertThat(consumer.position(Q0)).isEqualTo(9);
        assertThat(pullOffset(pendingPull(Q0))).isEqualTo(9);
        assertThat(consumer.poll(Duration.ZERO)).isEmpty();
    }

    @Test
    void poll_returnsAtMostMaxPollMessages_andTheRestNextTime() {
        DefaultPullConsumer consumer = consumer(2, ConsumeFrom.FIRST);
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);
        found(pendingPull(Q0), 3, records(0, "a", "b", "c"));
        time.runDue();

        assertThat(bodies(consumer.poll(Duration.ZERO))).containsExactly("a", "b");
        assertThat(bodies(consumer.poll(Duration.ZERO))).containsExactly("c");
        assertThat(consumer.position(Q0)).isEqualTo(3);
    }

    @Test
    @Timeout(10)
    void poll_waitsForMessagesToArrive_withinItsTimeout() throws Exception {
        ExecutorService callbacks = Executors.newSingleThreadExecutor();
        ExecutorService brokerThread = Executors.newSingleThreadExecutor();
        try {
            ClientInstance waiting = new ClientInstance(new ClientSettings(List.of(TestClients.NAME_SERVER), "waiting",
                    TestClients.REQUEST_TIMEOUT, TestClients.ROUTE_REFRESH, TestClients.HEARTBEAT, 1, 1, Optional.empty(), false),
                    new ClientRuntime(network.factory(), callbacks, time.executor(), time));
            DefaultPullConsumer consumer = new DefaultPullConsumer(waiting, new PullConsumerSettings("waiting", 32, 100,
                    ConsumeFrom.FIRST));
            consumer.assign(List.of(Q0));
            CompletableFuture<Void> answered = CompletableFuture.runAsync(() -> {
                try {
                    found(network.awaitPending(RequestCode.PULL_MESSAGE), 1, records(0, "late"));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, brokerThread);

            List<ReceivedMessage> polled = consumer.poll(Duration.ofSeconds(5));

            answered.get(5, TimeUnit.SECONDS);
            assertThat(bodies(polled)).containsExactly("late");
        } finally {
            callbacks.shutdownNow();
            brokerThread.shutdownNow();
        }
    }

    @Test
    void seek_dropsWhatWasFetched_andIgnoresTheAnswersOfPullsSentBeforeIt() {
        DefaultPullConsumer consumer = consumer(100, ConsumeFrom.FIRST);
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);
        FakeNetwork.Call before = pendingPull(Q0);

        consumer.seek(Q0, 10);
        found(before, 2, records(0, "stale", "stale too"));
        time.runDue();

        assertThat(consumer.poll(Duration.ZERO)).isEmpty();
        assertThat(consumer.position(Q0)).isEqualTo(10);
        assertThat(pullOffset(pendingPull(Q0))).isEqualTo(10);
    }

    @Test
    void retriesAFailedPull_aSecondLater() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);

        pendingPull(Q0).fail(new RemotingTimeoutException("no answer"));
        time.runDue();
        consumer.poll(Duration.ZERO);
        assertThat(network.pending(RequestCode.PULL_MESSAGE)).isEmpty();
        time.advance(Duration.ofSeconds(1));
        consumer.poll(Duration.ZERO);

        assertThat(network.pending(RequestCode.PULL_MESSAGE)).hasSize(1);
    }

    @Test
    void pullsAgainAtOnce_whenALongPollEndsWithNothingNew() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);

        noNewMessage(pendingPull(Q0), 0);
        time.runDue();

        assertThat(network.calls(RequestCode.PULL_MESSAGE)).hasSize(2);
        assertThat(pullOffset(pendingPull(Q0))).isEqualTo(0);
    }

    @Test
    void movesThePosition_whenTheBrokerSaysItIsNotInTheQueue() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));
        consumer.poll(Duration.ZERO);

        offsetMoved(pendingPull(Q0), 30);
        time.runDue();

        assertThat(consumer.position(Q0)).isEqualTo(30);
        assertThat(pullOffset(pendingPull(Q0))).isEqualTo(30);
    }

    @Test
    void commitSync_commitsThePositionOfEveryAssignedQueue_awaitingTheBroker() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0, Q1));
        consumer.seek(Q0, 5);
        consumer.seek(Q1, 6);

        consumer.commitSync();

        assertThat(network.calls(RequestCode.UPDATE_CONSUMER_OFFSET)).hasSize(2)
                .noneMatch(call -> call.request().isOneway());
        assertThat(broker.committedOffset("orders", 0)).hasValue(5);
        assertThat(broker.committedOffset("orders", 1)).hasValue(6);
        assertThat(consumer.committed(Q1)).hasValue(6);
    }

    @Test
    void commitSync_ofGivenOffsets_andCommitted_whichIsEmptyWhenTheGroupHasNone() {
        DefaultPullConsumer consumer = consumer();
        consumer.queues("orders");

        assertThat(consumer.committed(Q0)).isEmpty();
        consumer.commitSync(Map.of(Q0, 11L));

        assertThat(consumer.committed(Q0)).hasValue(11);
    }

    @Test
    void close_unregistersTheGroup_andRefusesLaterCalls() {
        DefaultPullConsumer consumer = consumer();
        consumer.assign(List.of(Q0));

        consumer.close();
        consumer.close();

        assertThat(network.calls(RequestCode.UNREGISTER_CLIENT)).singleElement().satisfies(call ->
                assertThat(call.request().header().stringOf(UnregisterClientHeader.CONSUMER_GROUP)).isEqualTo("cg"));
        assertThatThrownBy(() -> consumer.poll(Duration.ZERO)).isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("pull consumer cg is closed");
        assertThat(consumer.assignment()).isEmpty();
    }

    @Test
    void claimsItsGroup_soThatNoOtherConsumerOfTheClientHasIt() {
        consumer();

        assertThatThrownBy(this::consumer).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("consumer group cg");
    }
}
