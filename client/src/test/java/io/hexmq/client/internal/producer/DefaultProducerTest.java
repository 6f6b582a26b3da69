package io.hexmq.client.internal.producer;

import static io.hexmq.client.internal.testing.FakeNameServer.broker;
import static io.hexmq.client.internal.testing.FakeNameServer.route;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hexmq.client.HexmqClientException;
import io.hexmq.client.Message;
import io.hexmq.client.MessageQueue;
import io.hexmq.client.SendReceipt;
import io.hexmq.client.SendStatus;
import io.hexmq.client.internal.instance.ClientInstance;
import io.hexmq.client.internal.testing.FakeNameServer;
import io.hexmq.client.internal.testing.FakeNetwork;
import io.hexmq.client.internal.testing.ManualTime;
import io.hexmq.client.internal.testing.TestClients;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.remoting.body.BatchBodyLayout;
import io.hexmq.remoting.body.ConsumerJson;
import io.hexmq.remoting.body.JsonFlavour;
import io.hexmq.remoting.body.RouteJson;
import io.hexmq.remoting.header.SendMessageHeader;
import io.hexmq.remoting.header.SendMessageResponseHeader;
import io.hexmq.remoting.header.UnregisterClientHeader;
import io.hexmq.remoting.protocol.HeaderReader;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DefaultProducerTest {

    private static final String MASTER_A = "10.0.0.1:10911";
    private static final String MASTER_B = "10.0.1.1:10911";
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(3);
    private static final int RETRIES = 2;
    private static final int MAX_MESSAGE_SIZE = 1024;

    private final ManualTime time = new ManualTime();
    private final FakeNetwork network = new FakeNetwork()
            .succeed(RequestCode.HEART_BEAT)
            .succeed(RequestCode.UNREGISTER_CLIENT);
    private final FakeNameServer nameServer = new FakeNameServer(network)
            .topic("orders", route(2, broker("broker-b", MASTER_B), broker("broker-a", MASTER_A)));
    /** Per broker address, the code its broker answers sends with instead of storing them. */
    private final Map<String, Integer> refusals = new ConcurrentHashMap<>();
    private final AtomicLong nextQueueOffset = new AtomicLong(100);
    private final ClientInstance instance = TestClients.instance(network, time);
    private final DefaultProducer producer;

    DefaultProducerTest() {
        network.serve(RequestCode.SEND_MESSAGE_V2, this::store).serve(RequestCode.SEND_BATCH_MESSAGE, this::store);
        producer = new DefaultProducer(instance, new ProducerSettings("pg", SEND_TIMEOUT, RETRIES,
                ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS, MAX_MESSAGE_SIZE));
    }

    /** A broker's answer to a send: stored at the next queue offset, or refused as {@link #refusals} says. */
    private RemotingCommand store(String address, RemotingCommand request) {
        Integer refusal = refusals.get(address);
        if (refusal != null) {
            return RemotingCommand.responseTo(request, refusal).remark("refused by " + address).build();
        }
        return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                .extField(SendMessageResponseHeader.MSG_ID, "STORED@" + address)
                .extField(SendMessageResponseHeader.QUEUE_ID, header(request).intOf(SendMessageHeader.QUEUE_ID))
                .extField(SendMessageResponseHeader.QUEUE_OFFSET, nextQueueOffset.getAndIncrement())
                .build();
    }

    private static HeaderReader header(RemotingCommand request) {
        return request.header(SendMessageHeader.spellingOf(request.code()));
    }

    private static Message message(String body) {
        return Message.builder("orders").body(body).tags("created").build();
    }

    private List<FakeNetwork.Call> sends() {
        return network.calls(RequestCode.SEND_MESSAGE_V2);
    }

    private static String sentTo(FakeNetwork.Call call) {
        return call.address() + " queue " + header(call.request()).intOf(SendMessageHeader.QUEUE_ID);
    }

    private static int codeOf(Throwable failure) {
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        assertThat(cause).isInstanceOf(HexmqClientException.class);
        return ((HexmqClientException) cause).responseCode();
    }

    @Test
    void registersItsGroup_soThatTheClientsHeartbeatsAnnounceIt() {
        instance.routes().route("orders").join();
        network.clearCalls();

        instance.heartbeat();

        assertThat(network.calls(RequestCode.HEART_BEAT)).isNotEmpty().allSatisfy(call ->
                assertThat(ConsumerJson.readHeartbeat(call.request().body()).producerGroups()).containsExactly("pg"));
    }

    @Test
    void send_writesTheMessageToTheMasterOfItsQueue_andAnswersTheBrokersReceipt() {
        SendReceipt receipt = producer.send(message("hello"));

        FakeNetwork.Call call = sends().get(0);
        HeaderReader header = header(call.request());
        Map<String, String> properties = MessageProperties.decode(header.stringOf(SendMessageHeader.PROPERTIES));
        assertThat(call.address()).isEqualTo(MASTER_A);
        assertThat(header.stringOf(SendMessageHeader.PRODUCER_GROUP)).isEqualTo("pg");
        assertThat(header.stringOf(SendMessageHeader.TOPIC)).isEqualTo("orders");
        assertThat(header.longOf(SendMessageHeader.BORN_TIMESTAMP)).isEqualTo(time.millis());
        assertThat(properties).containsEntry(MessageProperties.TAGS, "created")
                .containsEntry(MessageProperties.UNIQ_KEY, receipt.msgId());
        assertThat(call.request().body()).isEqualTo("hello".getBytes(StandardCharsets.UTF_8));
        assertThat(receipt.offsetMsgId()).isEqualTo("STORED@" + MASTER_A);
        assertThat(receipt.queue()).isEqualTo(new MessageQueue("orders", "broker-a", 0));
        assertThat(receipt.queueOffset()).isEqualTo(100);
        assertThat(receipt.status()).isEqualTo(SendStatus.SEND_OK);
    }

    @Test
    void send_givesEachMessageItsOwnUniqueKey() {
        SendReceipt first = producer.send(message("one"));
        SendReceipt second = producer.send(message("two"));

        assertThat(first.msgId()).isNotEqualTo(second.msgId());
    }

    @Test
    void send_goesRoundRobinOverTheWritableQueuesOfEveryBroker() {
        for (int i = 0; i < 5; i++) {
            producer.send(message("m" + i));
        }

        assertThat(sends()).extracting(DefaultProducerTest::sentTo).containsExactly(
                MASTER_A + " queue 0", MASTER_A + " queue 1", MASTER_B + " queue 0", MASTER_B + " queue 1",
                MASTER_A + " queue 0");
        assertThat(producer.queues("orders")).containsExactly(new MessageQueue("orders", "broker-a", 0),
                new MessageQueue("orders", "broker-a", 1), new MessageQueue("orders", "broker-b", 0),
                new MessageQueue("orders", "broker-b", 1));
    }

    @Test
    void send_triesAnotherBroker_afterARetryableRefusal_withTheRouteFetchedAgain() {
        refusals.put(MASTER_A, ResponseCode.SYSTEM_BUSY);

        SendReceipt receipt = producer.send(message("hello"));

        assertThat(receipt.queue().brokerName()).isEqualTo("broker-b");
        assertThat(sends()).extracting(FakeNetwork.Call::address).containsExactly(MASTER_A, MASTER_B);
        assertThat(network.calls(RequestCode.GET_ROUTEINFO_BY_TOPIC)).as("first use, then before the retry")
                .hasSize(2);
    }

    @Test
    void send_triesAnotherBroker_whenOneDoesNotAnswerInTime() {
        network.serve(RequestCode.SEND_MESSAGE_V2, (address, request) -> {
            if (address.equals(MASTER_A)) {
                throw new RemotingTimeoutException("no answer from " + address);
            }
            return store(address, request);
        });

        SendReceipt receipt = producer.send(message("hello"));

        assertThat(receipt.queue().brokerName()).isEqualTo("broker-b");
    }

    @Test
    void send_failsWithTheBrokersCode_onceEveryRetryIsRefused() {
        refusals.put(MASTER_A, ResponseCode.SYSTEM_BUSY);
        refusals.put(MASTER_B, ResponseCode.SYSTEM_BUSY);

        assertThatThrownBy(() -> producer.send(message("hello")))
                .isInstanceOf(HexmqClientException.class)
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ResponseCode.SYSTEM_BUSY))
                .hasMessageContaining("refused by");
        assertThat(sends()).hasSize(1 + RETRIES);
    }

    @Test
    void send_isNotRetried_afterARefusalEveryBrokerWouldRepeat() {
        refusals.put(MASTER_A, ResponseCode.MESSAGE_ILLEGAL);

        assertThatThrownBy(() -> producer.send(message("hello")))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ResponseCode.MESSAGE_ILLEGAL));
        assertThat(sends()).hasSize(1);
    }

    @Test
    void send_isNotRetried_onceTheSendTimeoutIsUsedUp() {
        network.serve(RequestCode.SEND_MESSAGE_V2, (address, request) -> {
            time.advance(SEND_TIMEOUT);
            return RemotingCommand.responseTo(request, ResponseCode.SYSTEM_BUSY).build();
        });

        assertThatThrownBy(() -> producer.send(message("hello")))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ResponseCode.SYSTEM_BUSY));
        assertThat(sends()).hasSize(1);
    }

    @Test
    void send_failsWithTimeout_whenNoTimeIsLeftForAnAttempt() {
        network.serve(RequestCode.GET_ROUTEINFO_BY_TOPIC, (address, request) -> {
            time.advance(SEND_TIMEOUT);
            return RemotingCommand.responseTo(request, ResponseCode.SUCCESS)
                    .body(RouteJson.write(route(2, broker("broker-a", MASTER_A)),
                            JsonFlavour.STANDARD))
                    .build();
        });

        assertThatThrownBy(() -> producer.send(message("hello")))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(HexmqClientException.TIMEOUT));
        assertThat(sends()).isEmpty();
    }

    @Test
    void send_toAChosenQueue_goesThere_andIsTriedOnceOnly() {
        MessageQueue chosen = new MessageQueue("orders", "broker-b", 1);
        producer.send(message("there"), chosen);
        refusals.put(MASTER_B, ResponseCode.SYSTEM_BUSY);

        assertThatThrownBy(() -> producer.send(message("again"), chosen))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(ResponseCode.SYSTEM_BUSY));
        assertThat(sends()).extracting(DefaultProducerTest::sentTo)
                .containsExactly(MASTER_B + " queue 1", MASTER_B + " queue 1");
    }

    @Test
    void send_refusesAQueueOfAnotherTopic() {
        assertThatThrownBy(() -> producer.send(message("x"), new MessageQueue("audit", "broker-a", 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(sends()).isEmpty();
    }

    @Test
    void send_throughASelector_goesToTheQueueItPicks_amongTheWritableOnes() {
        List<List<MessageQueue>> offered = new ArrayList<>();

        SendReceipt receipt = producer.send(message("ordered"), (queues, message, arg) -> {
            offered.add(queues);
            return queues.get((Integer) arg % queues.size());
        }, 7);

        assertThat(offered).singleElement().satisfies(queues -> assertThat(queues).hasSize(4));
        assertThat(receipt.queue()).isEqualTo(new MessageQueue("orders", "broker-b", 1));
        assertThatThrownBy(() -> producer.send(message("lost"), (queues, message, arg) ->
                new MessageQueue("orders", "broker-z", 0), null))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(HexmqClientException.CLIENT_ERROR))
                .hasMessageContaining("the selector chose");
        assertThat(sends()).hasSize(1);
    }

    @Test
    void sendAsync_completesOnTheCallbackThreads_withTheReceiptOrTheFailure() {
        CompletableFuture<SendReceipt> stored = producer.sendAsync(message("async"));
        refusals.put(MASTER_A, ResponseCode.MESSAGE_ILLEGAL);
        CompletableFuture<SendReceipt> refused = producer.sendAsync(message("refused"),
                new MessageQueue("orders", "broker-a", 0));
        assertThat(stored).isNotDone();
        assertThat(refused).isNotDone();

        time.runDue();

        assertThat(stored.join().offsetMsgId()).isEqualTo("STORED@" + MASTER_A);
        assertThatThrownBy(refused::join).satisfies(e -> assertThat(codeOf(e)).isEqualTo(ResponseCode.MESSAGE_ILLEGAL));
    }

    @Test
    void sendOneway_writesTheRequestAsOneway_withoutWaitingForAnAnswer() {
        network.hold(RequestCode.SEND_MESSAGE_V2);

        producer.sendOneway(message("fire and forget"));

        assertThat(sends()).singleElement().satisfies(call -> {
            assertThat(call.request().isOneway()).isTrue();
            assertThat(call.address()).isEqualTo(MASTER_A);
        });
    }

    @Test
    void sendBatch_sendsTheMessagesInOneRequest_eachWithItsOwnUniqueKey() {
        SendReceipt receipt = producer.sendBatch(List.of(message("one"), message("two")));

        FakeNetwork.Call call = network.calls(RequestCode.SEND_BATCH_MESSAGE).get(0);
        List<Map<String, String>> entries = BatchBodyLayout.decode(call.request().body(),
                (flag, body, properties) -> MessageProperties.decode(properties));
        assertThat(header(call.request()).booleanOf(SendMessageHeader.BATCH)).isTrue();
        assertThat(entries).hasSize(2);
        assertThat(receipt.msgId()).isEqualTo(entries.get(0).get(MessageProperties.UNIQ_KEY) + ","
                + entries.get(1).get(MessageProperties.UNIQ_KEY));
        assertThat(entries.get(0).get(MessageProperties.UNIQ_KEY))
                .isNotEqualTo(entries.get(1).get(MessageProperties.UNIQ_KEY));
    }

    @Test
    void sendBatch_refusesAnEmptyBatch_oneOfSeveralTopics_andDelayLevels() {
        assertThatThrownBy(() -> producer.sendBatch(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> producer.sendBatch(List.of(message("a"), Message.builder("audit").body("b")
                .build()))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one topic");
        assertThatThrownBy(() -> producer.sendBatch(List.of(Message.builder("orders").body("late").delayLevel(3)
                .build()))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delay");
        assertThat(network.calls(RequestCode.SEND_BATCH_MESSAGE)).isEmpty();
    }

    @Test
    void refusesAMessageOrBatchLargerThanMaxMessageSize_withoutSendingIt() {
        String large = "x".repeat(MAX_MESSAGE_SIZE / 2 + 1);

        assertThatThrownBy(() -> producer.send(message(large + large))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> producer.sendBatch(List.of(message(large), message(large))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(network.calls()).noneMatch(call -> call.request().code() == RequestCode.SEND_MESSAGE_V2
                || call.request().code() == RequestCode.SEND_BATCH_MESSAGE);
    }

    @Test
    void sendsATopicTheNameServersDoNotKnow_throughTheAutoCreateTopicsRoute() {
        nameServer.topic("TBW102", route(8, broker("broker-a", MASTER_A)));

        List<MessageQueue> queues = producer.queues("fresh");
        producer.send(Message.builder("fresh").body("first").build());

        assertThat(queues).hasSize(ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS)
                .allMatch(queue -> queue.topic().equals("fresh") && queue.brokerName().equals("broker-a"));
        HeaderReader header = header(sends().get(0).request());
        assertThat(header.stringOf(SendMessageHeader.DEFAULT_TOPIC)).isEqualTo("TBW102");
        assertThat(header.intOf(SendMessageHeader.DEFAULT_TOPIC_QUEUE_NUMS))
                .isEqualTo(ProducerSettings.DEFAULT_TOPIC_QUEUE_NUMS);
    }

    @Test
    void failsWithNoRoute_whenNoBrokerOfTheTopicHasAMaster() {
        nameServer.topic("orphan", route(2, broker("broker-c", Map.of(1L, "10.0.2.2:10911"))));

        assertThatThrownBy(() -> producer.send(Message.builder("orphan").body("x").build()))
                .satisfies(e -> assertThat(codeOf(e)).isEqualTo(HexmqClientException.NO_ROUTE));
    }

    @Test
    void close_unregistersTheGroupFromTheBrokers_andRefusesLaterSends() {
        producer.send(message("before"));

        producer.close();

        assertThat(network.calls(RequestCode.UNREGISTER_CLIENT)).extracting(call -> call.address() + " "
                + call.request().header().stringOf(UnregisterClientHeader.PRODUCER_GROUP))
                .containsExactlyInAnyOrder(MASTER_A + " pg", MASTER_B + " pg");
        assertThatThrownBy(() -> producer.send(message("after"))).isInstanceOf(HexmqClientException.class)
                .hasMessageContaining("producer pg is closed");
    }
}
