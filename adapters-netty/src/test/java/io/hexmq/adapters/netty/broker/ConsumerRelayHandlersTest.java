package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.ConsumeMessageDirectly;
import io.hexmq.application.consumer.GetConsumerRunningInfo;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.ConnectionClosedException;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RemotingTimeoutException;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.header.ConsumeMessageDirectlyResultRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerRunningInfoRequestHeader;
import org.junit.jupiter.api.Test;

/**
 * GET_CONSUMER_RUNNING_INFO and CONSUME_MESSAGE_DIRECTLY as the official admin sends them, relayed to a
 * consumer connection that answers when the test says so: the admin's answer waits for the client's.
 */
class ConsumerRelayHandlersTest {

    private static final String GROUP = "CG";
    private static final String CLIENT_ID = "10.0.0.5@alice";
    private static final TopicName TOPIC = new TopicName("TopicTest");

    private final TestBroker broker = new TestBroker();
    private final ClientChannels channels = new ClientChannels();
    private final TestPeer consumer = new TestPeer("alice", 42_000).holdingCalls();
    private final NettyConsumerClients clients = new NettyConsumerClients(channels);
    private final RequestDispatcher dispatcher = RequestDispatcher.builder()
            .responseCodes(BrokerResponseCodes.create())
            .register(RequestCode.GET_CONSUMER_RUNNING_INFO,
                    new GetConsumerRunningInfoHandler(new GetConsumerRunningInfo(broker.consumers, clients)), Runnable::run)
            .register(RequestCode.CONSUME_MESSAGE_DIRECTLY, new ConsumeMessageDirectlyHandler(new ConsumeMessageDirectly(
                    broker.consumers, broker.messageStore, clients, broker.settings)), Runnable::run)
            .build();

    private void consumerJoins() {
        channels.remember(consumer);
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(consumer.connectionId(), new ClientId(CLIENT_ID),
                "JAVA", OfficialRequests.V4_9_4,
                List.of(new RecordHeartbeat.ConsumerData(new GroupName(GROUP), ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                        List.of(Subscription.all(TOPIC, 1)))),
                Set.of()));
    }

    private CompletableFuture<RemotingCommand> adminAsks(int code, CommandCustomHeader header) {
        return dispatcher.dispatch(OfficialRequests.request(code, header, null), TestPeer.client().context());
    }

    private static GetConsumerRunningInfoRequestHeader runningInfo(String clientId) {
        GetConsumerRunningInfoRequestHeader header = new GetConsumerRunningInfoRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setClientId(clientId);
        header.setJstackEnable(true);
        return header;
    }

    private static ConsumeMessageDirectlyResultRequestHeader consumeDirectly(String msgId) {
        ConsumeMessageDirectlyResultRequestHeader header = new ConsumeMessageDirectlyResultRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setClientId(CLIENT_ID);
        header.setMsgId(msgId);
        header.setBrokerName("what-the-admin-thinks");
        header.setTopic(TOPIC.value());
        return header;
    }

    /** Reads a request the broker sent the way the official client decodes it (required fields checked). */
    private static <T extends CommandCustomHeader> T asTheClientReadsIt(RemotingCommand request, Class<T> type)
            throws Exception {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(request.code(), null);
        official.setExtFields(new HashMap<>(request.extFields()));
        return type.cast(official.decodeCommandCustomHeader(type));
    }

    private String stored(String body) {
        return broker.messageStore.append(Message.builder(TOPIC.value(), 0, body.getBytes(StandardCharsets.UTF_8))
                .build()).msgId();
    }

    @Test
    void relaysRunningInfoToTheNamedClient_andAnswersTheAdminWithItsBody_onceTheClientAnswers() throws Exception {
        consumerJoins();

        CompletableFuture<RemotingCommand> response = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO,
                runningInfo(CLIENT_ID));

        assertThat(response).isNotDone();
        TestPeer.Call question = consumer.calls().get(0);
        assertThat(question.request().code()).isEqualTo(RequestCode.GET_CONSUMER_RUNNING_INFO);
        assertThat(question.timeoutMillis()).isEqualTo(10_000);
        GetConsumerRunningInfoRequestHeader forwarded =
                asTheClientReadsIt(question.request(), GetConsumerRunningInfoRequestHeader.class);
        assertThat(forwarded.getConsumerGroup()).isEqualTo(GROUP);
        assertThat(forwarded.getClientId()).isEqualTo(CLIENT_ID);
        assertThat(forwarded.isJstackEnable()).isTrue();

        byte[] info = "{\"properties\":{}}".getBytes(StandardCharsets.UTF_8);
        question.answer(ResponseCode.SUCCESS, null, info);

        assertThat(response).isDone();
        assertThat(response.join().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.join().body()).isEqualTo(info);
    }

    @Test
    void answersNotOnline_whenTheClientIsNoMember_orItsConnectionIsClosed() {
        consumerJoins();

        RemotingCommand stranger = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo("10.0.0.9@bob")).join();
        consumer.close();
        RemotingCommand closed = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo(CLIENT_ID)).join();

        assertThat(stranger.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(stranger.remark()).isEqualTo("The Consumer <CG> <10.0.0.9@bob> not online");
        assertThat(closed.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(closed.remark()).isEqualTo("The Consumer <CG> <" + CLIENT_ID + "> not online");
        assertThat(consumer.calls()).isEmpty();
    }

    @Test
    void passesOnTheClientsRefusal_aTimeout_andALostConnection_asErrorsWithARemark() {
        consumerJoins();

        CompletableFuture<RemotingCommand> refused = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo(CLIENT_ID));
        CompletableFuture<RemotingCommand> timedOut = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo(CLIENT_ID));
        CompletableFuture<RemotingCommand> lost = adminAsks(RequestCode.GET_CONSUMER_RUNNING_INFO, runningInfo(CLIENT_ID));
        List<TestPeer.Call> questions = consumer.calls();
        questions.get(0).answer(ResponseCode.SYSTEM_ERROR, "The Consumer Group <CG> not exist in this consumer", null);
        questions.get(1).answer().completeExceptionally(new RemotingTimeoutException("no answer in 10000 ms"));
        questions.get(2).answer().completeExceptionally(new ConnectionClosedException("connection closed"));

        assertThat(refused.join().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.join().remark()).isEqualTo("The Consumer Group <CG> not exist in this consumer");
        assertThat(timedOut.join().code()).isEqualTo(ResponseCode.CONSUME_MSG_TIMEOUT);
        assertThat(timedOut.join().remark()).startsWith("consumer <CG> <" + CLIENT_ID + "> Timeout: ")
                .contains("no answer in 10000 ms");
        assertThat(lost.join().code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(lost.join().remark()).startsWith("invoke consumer <CG> <" + CLIENT_ID + "> Exception: ")
                .contains("connection closed");
    }

    @Test
    void relaysTheStoredMessage_toTheNamedClient_andAnswersTheAdminWithItsResult() throws Exception {
        consumerJoins();
        stored("first");
        String msgId = stored("to consume again");

        CompletableFuture<RemotingCommand> response = adminAsks(RequestCode.CONSUME_MESSAGE_DIRECTLY,
                consumeDirectly(msgId));

        assertThat(response).isNotDone();
        TestPeer.Call question = consumer.calls().get(0);
        assertThat(question.request().code()).isEqualTo(RequestCode.CONSUME_MESSAGE_DIRECTLY);
        ConsumeMessageDirectlyResultRequestHeader forwarded =
                asTheClientReadsIt(question.request(), ConsumeMessageDirectlyResultRequestHeader.class);
        assertThat(forwarded.getConsumerGroup()).isEqualTo(GROUP);
        assertThat(forwarded.getClientId()).isEqualTo(CLIENT_ID);
        assertThat(forwarded.getMsgId()).isEqualTo(msgId);
        assertThat(forwarded.getBrokerName()).isEqualTo(broker.settings.brokerName().value());
        assertThat(forwarded.getTopic()).isEqualTo(TOPIC.value());
        MessageExt message = MessageDecoder.clientDecode(ByteBuffer.wrap(question.request().body()), true);
        assertThat(message.getTopic()).isEqualTo(TOPIC.value());
        assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("to consume again");

        byte[] result = "{\"consumeResult\":\"CR_SUCCESS\"}".getBytes(StandardCharsets.UTF_8);
        question.answer(ResponseCode.SUCCESS, null, result);
        assertThat(response.join().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.join().body()).isEqualTo(result);
    }

    @Test
    void answersSystemError_withoutAskingTheClient_whenNothingIsStoredWhereTheIdPoints_orTheIdIsNoOffsetId() {
        consumerJoins();
        OffsetMessageId stored = OffsetMessageId.decode(stored("only"));
        String nowhere = OffsetMessageId.encode(stored.storeHost(), stored.commitLogOffset() + 4_096);

        RemotingCommand missing = adminAsks(RequestCode.CONSUME_MESSAGE_DIRECTLY, consumeDirectly(nowhere)).join();
        RemotingCommand malformed = adminAsks(RequestCode.CONSUME_MESSAGE_DIRECTLY, consumeDirectly("not-an-id")).join();

        assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.remark()).isEqualTo("can not find message by the offset, " + (stored.commitLogOffset() + 4_096));
        assertThat(malformed.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(malformed.remark()).contains("msgId");
        assertThat(consumer.calls()).isEmpty();
    }
}
