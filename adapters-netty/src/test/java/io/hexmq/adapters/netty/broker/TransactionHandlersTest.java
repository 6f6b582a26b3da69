package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.fakes.InMemoryTransactionCheckProgressStore;
import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.MessageSettings;
import io.hexmq.application.message.ParkUntilDue;
import io.hexmq.application.transaction.CheckPendingTransactions;
import io.hexmq.application.transaction.EndTransaction;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestContext;
import io.hexmq.remoting.protocol.RequestDispatcher;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.CheckTransactionStateRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.junit.jupiter.api.Test;

/**
 * SEND_MESSAGE_V2 with TRAN_MSG, END_TRANSACTION and the CHECK_TRANSACTION_STATE the check-back sends,
 * all as the official 5.3.3 client builds and reads them.
 */
class TransactionHandlersTest {

    private static final String GROUP = "PG_demo";
    private static final String TOPIC = MessageBroker.TOPIC;

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 4);
    private final ClientChannels channels = new ClientChannels();
    private final CheckPendingTransactions checkPending = new CheckPendingTransactions(mb.store,
            new InMemoryTransactionCheckProgressStore(), new NettyTransactionChecker(mb.broker.producers, channels),
            mb.broker.clock, mb.broker.settings, TransactionSettings.defaults());
    private final RequestDispatcher dispatcher;
    private final TestPeer producer = new TestPeer("conn-producer", 40_010);

    TransactionHandlersTest() {
        RequestDispatcher.Builder builder = RequestDispatcher.builder().responseCodes(BrokerResponseCodes.create());
        builder.register(RequestCode.SEND_MESSAGE_V2, new SendMessageHandler(mb.sendMessage, mb.broker.trace), Runnable::run);
        builder.register(RequestCode.END_TRANSACTION, new EndTransactionHandler(
                new EndTransaction(mb.store, mb.broker.clock, mb.broker.settings, new ParkUntilDue(mb.settings),
                        mb.broker.outcomes, mb.broker.distributions)),
                Runnable::run);
        builder.register(RequestCode.HEART_BEAT, new HeartbeatHandler(mb.broker.recordHeartbeat, channels),
                Runnable::run);
        dispatcher = builder.build();
    }

    private RemotingCommand call(RemotingCommand request) {
        return dispatcher.dispatch(request, new RequestContext(producer)).join();
    }

    /** What TransactionMQProducer sends for the half message, with extra property name/value pairs. */
    private RemotingCommand sendHalf(String body, String... extraProperties) {
        Message message = OfficialRequests.message(TOPIC, "TagA", "k1", body);
        for (int i = 0; i < extraProperties.length; i += 2) {
            MessageAccessor.putProperty(message, extraProperties[i], extraProperties[i + 1]);
        }
        MessageAccessor.putProperty(message, MessageConst.PROPERTY_TRANSACTION_PREPARED, "true");
        MessageAccessor.putProperty(message, MessageConst.PROPERTY_PRODUCER_GROUP, GROUP);
        SendMessageRequestHeader header = OfficialRequests.sendHeader(TOPIC, 1, message, false);
        header.setSysFlag(MessageSysFlag.TRANSACTION_PREPARED_TYPE);
        RemotingCommand response = call(OfficialRequests.request(RequestCode.SEND_MESSAGE_V2,
                OfficialRequests.v2(header), message.getBody()));
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        return response;
    }

    private static EndTransactionRequestHeader endHeader(String group, long queueOffset, long commitLogOffset,
            int commitOrRollback, boolean fromCheck, String msgId) {
        EndTransactionRequestHeader header = new EndTransactionRequestHeader();
        header.setTopic(TOPIC);
        header.setProducerGroup(group);
        header.setTranStateTableOffset(queueOffset);
        header.setCommitLogOffset(commitLogOffset);
        header.setCommitOrRollback(commitOrRollback);
        header.setFromTransactionCheck(fromCheck);
        header.setMsgId(msgId);
        header.setTransactionId(msgId);
        return header;
    }

    private RemotingCommand end(EndTransactionRequestHeader header) {
        return call(OfficialRequests.request(RequestCode.END_TRANSACTION, header, null));
    }

    private static long commitLogOffset(RemotingCommand sendResponse) throws Exception {
        return MessageDecoder.decodeMessageId(sendResponse.extFields().get("msgId")).getOffset();
    }

    private List<String> realTopicBodies() {
        return mb.store.read(TOPIC, 1, 0, 32, MessageFilter.ALL).messages().stream()
                .map(record -> new String(StoredMessage.decode(record).body())).toList();
    }

    @Test
    void commit_fromTheOfficialHeader_deliversTheHalfMessageToItsQueue() throws Exception {
        RemotingCommand sent = sendHalf("paid");
        Map<String, String> fields = sent.extFields();
        assertThat(realTopicBodies()).isEmpty();

        RemotingCommand response = end(endHeader(GROUP, Long.parseLong(fields.get("queueOffset")),
                commitLogOffset(sent), MessageSysFlag.TRANSACTION_COMMIT_TYPE, false, fields.get("transactionId")));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(realTopicBodies()).containsExactly("paid");
    }

    @Test
    void aCommittedTimerMessage_isParkedUntilDue_notDeliveredToItsQueue() throws Exception {
        RemotingCommand sent = sendHalf("paid later", MessageConst.PROPERTY_TIMER_DELAY_SEC, "30");

        RemotingCommand response = end(endHeader(GROUP, Long.parseLong(sent.extFields().get("queueOffset")),
                commitLogOffset(sent), MessageSysFlag.TRANSACTION_COMMIT_TYPE, false,
                sent.extFields().get("transactionId")));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(realTopicBodies()).isEmpty();
        assertThat(mb.store.maxOffset("rmq_sys_wheel_timer", 0)).isEqualTo(1);
    }

    @Test
    void aCommitWhoseTimerIsNoLongerAllowed_isAnsweredMessageIllegal() throws Exception {
        RemotingCommand sent = sendHalf("too far now", MessageConst.PROPERTY_TIMER_DELAY_SEC, "60");
        EndTransactionHandler lowered = new EndTransactionHandler(new EndTransaction(mb.store, mb.broker.clock,
                mb.broker.settings, new ParkUntilDue(new MessageSettings(MessageSettings.DEFAULT_MAX_MESSAGE_SIZE, true,
                        1000, DelayLevels.DEFAULT, 30)), mb.broker.outcomes, mb.broker.distributions));

        RemotingCommand response = lowered.handle(OfficialRequests.request(RequestCode.END_TRANSACTION,
                endHeader(GROUP, Long.parseLong(sent.extFields().get("queueOffset")), commitLogOffset(sent),
                        MessageSysFlag.TRANSACTION_COMMIT_TYPE, false, sent.extFields().get("transactionId")), null),
                new RequestContext(producer)).join();

        assertThat(response.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.remark()).contains("timerMaxDelaySec 30");
        assertThat(realTopicBodies()).isEmpty();
    }

    @Test
    void rollbackDeliversNothing_andAnotherGroupIsRefusedWithARemark() throws Exception {
        RemotingCommand sent = sendHalf("cancelled");
        long queueOffset = Long.parseLong(sent.extFields().get("queueOffset"));

        RemotingCommand wrongGroup = end(endHeader("PG_other", queueOffset, commitLogOffset(sent),
                MessageSysFlag.TRANSACTION_COMMIT_TYPE, false, "x"));
        RemotingCommand rollback = end(endHeader(GROUP, queueOffset, commitLogOffset(sent),
                MessageSysFlag.TRANSACTION_ROLLBACK_TYPE, false, "x"));
        RemotingCommand badDecision = end(endHeader(GROUP, queueOffset, commitLogOffset(sent), 3, false, "x"));

        assertThat(wrongGroup.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(wrongGroup.remark()).contains("PG_other");
        assertThat(rollback.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(badDecision.code()).isNotEqualTo(ResponseCode.SUCCESS);
        assertThat(realTopicBodies()).isEmpty();
    }

    @Test
    void anUnknownTransaction_isCheckedWithTheProducersChannel_andItsAnswerCommits() throws Exception {
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID("10.0.0.5@1");
        ProducerData producerData = new ProducerData();
        producerData.setGroupName(GROUP);
        heartbeat.getProducerDataSet().add(producerData);
        assertThat(call(RemotingCommand.request(RequestCode.HEART_BEAT).body(heartbeat.encode()).build()).code())
                .isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand sent = sendHalf("maybe");
        end(endHeader(GROUP, Long.parseLong(sent.extFields().get("queueOffset")), commitLogOffset(sent), 0, false,
                sent.extFields().get("transactionId")));
        mb.broker.clock.advanceMillis(6_000);

        assertThat(checkPending.check().checked()).isEqualTo(1);

        RemotingCommand check = producer.oneway().get(0);
        assertThat(check.code()).isEqualTo(RequestCode.CHECK_TRANSACTION_STATE);
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(check.code(), null);
        official.setExtFields(new java.util.HashMap<>(check.extFields()));
        CheckTransactionStateRequestHeader header = (CheckTransactionStateRequestHeader)
                official.decodeCommandCustomHeader(CheckTransactionStateRequestHeader.class);
        MessageExt half = MessageDecoder.decode(ByteBuffer.wrap(check.body()));
        assertThat(header.getTopic()).isEqualTo(TOPIC);
        assertThat(header.getBrokerName()).isEqualTo("broker-a");
        assertThat(header.getMsgId()).isEqualTo(sent.extFields().get("transactionId"));
        assertThat(header.getTransactionId()).isEqualTo(header.getMsgId());
        assertThat(MessageDecoder.decodeMessageId(header.getOffsetMsgId()).getOffset())
                .isEqualTo(header.getCommitLogOffset());
        assertThat(half.getTopic()).isEqualTo(TOPIC);
        assertThat(half.getQueueId()).isEqualTo(1);
        assertThat(half.getQueueOffset()).isEqualTo(header.getTranStateTableOffset());
        assertThat(half.getCommitLogOffset()).isEqualTo(header.getCommitLogOffset());
        assertThat(half.getProperty(MessageConst.PROPERTY_PRODUCER_GROUP)).isEqualTo(GROUP);
        assertThat(new String(half.getBody())).isEqualTo("maybe");

        // The producer's answer, as DefaultMQProducerImpl.checkTransactionState builds it.
        RemotingCommand answer = end(endHeader(GROUP, header.getTranStateTableOffset(), header.getCommitLogOffset(),
                MessageSysFlag.TRANSACTION_COMMIT_TYPE, true, half.getProperty(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX)));

        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(realTopicBodies()).containsExactly("maybe");
    }
}
