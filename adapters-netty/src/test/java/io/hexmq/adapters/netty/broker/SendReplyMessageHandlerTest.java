package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.ReplySettings;
import io.hexmq.application.message.SendReply;
import io.hexmq.domain.consumer.ClientConnection;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.HashMap;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.remoting.protocol.header.ReplyMessageRequestHeader;
import org.junit.jupiter.api.Test;

class SendReplyMessageHandlerTest {

    private static final String REPLY_TOPIC = "DefaultCluster_REPLY_TOPIC";
    private static final String REQUESTER = "127.0.0.1@requester";

    private final MessageBroker mb = new MessageBroker();
    private final ClientChannels channels = new ClientChannels();
    private final TestPeer requester = new TestPeer("requester-connection", 41_000).answeringWith(ResponseCode.SUCCESS);
    private final SendReplyMessageHandler handler = new SendReplyMessageHandler(new SendReply(mb.sendAdmission,
            mb.broker.producers, new NettyReplyPusher(channels), mb.store, mb.uniqueKeys, mb.statistics,
            mb.broker.clock, MessageBroker.STORE_HOST, mb.broker.settings, ReplySettings.defaults(), mb.broker.trace),
            mb.broker.trace);

    SendReplyMessageHandlerTest() {
        channels.remember(requester);
        mb.broker.producers.register(new GroupName("requesters"), new ClientConnection(requester.connectionId(),
                new ClientId(REQUESTER), "JAVA", 401, mb.broker.clock.millis()));
    }

    /** What MessageUtil.createReplyMessage makes of a request from {@link #REQUESTER}. */
    private static Message replyMessage(String replyTo, String body) {
        Message reply = new Message(REPLY_TOPIC, body.getBytes());
        MessageAccessor.putProperty(reply, MessageConst.PROPERTY_MESSAGE_TYPE, "reply");
        MessageAccessor.putProperty(reply, MessageConst.PROPERTY_CORRELATION_ID, "corr-42");
        MessageAccessor.putProperty(reply, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT, replyTo);
        MessageAccessor.putProperty(reply, MessageConst.PROPERTY_MESSAGE_TTL, "3000");
        MessageClientIDSetter.setUniqID(reply);
        return reply;
    }

    private RemotingCommand handle(RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private static ReplyMessageRequestHeader officialHeader(RemotingCommand push) throws Exception {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(push.code(), null);
        official.setExtFields(new HashMap<>(push.extFields()));
        return (ReplyMessageRequestHeader) official.decodeCommandCustomHeader(ReplyMessageRequestHeader.class);
    }

    @Test
    void pushesAnOfficialV2Reply_toTheRequester_asTheOfficialReplyHeader() throws Exception {
        Message reply = replyMessage(REQUESTER, "pong");

        RemotingCommand response = handle(request(RequestCode.SEND_REPLY_MESSAGE_V2,
                v2(sendHeader(REPLY_TOPIC, -1, reply, false)), reply.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        StoredMessage stored = StoredMessage.decode(
                mb.store.read(REPLY_TOPIC, 0, 0, 1, MessageFilter.ALL).messages().get(0));
        assertThat(response.extFields()).as("where the reply was stored")
                .containsEntry("msgId", stored.offsetMessageId()).containsEntry("queueId", "0")
                .containsEntry("queueOffset", "0").containsEntry("MSG_REGION", "DefaultRegion");
        assertThat(MessageDecoder.decodeMessageId(response.extFields().get("msgId")).getOffset())
                .isEqualTo(stored.commitLogOffset());
        assertThat(requester.calls()).hasSize(1);
        TestPeer.Call push = requester.calls().get(0);
        assertThat(push.timeoutMillis()).isEqualTo(10_000);
        assertThat(push.request().code()).isEqualTo(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT);
        assertThat(new String(push.request().body())).isEqualTo("pong");
        ReplyMessageRequestHeader header = officialHeader(push.request());
        assertThat(header.getProducerGroup()).isEqualTo("PG_demo");
        assertThat(header.getTopic()).isEqualTo(REPLY_TOPIC);
        assertThat(header.getDefaultTopic()).isEqualTo("TBW102");
        assertThat(header.getDefaultTopicQueueNums()).isEqualTo(4);
        assertThat(header.getSysFlag()).isZero();
        assertThat(header.getBornTimestamp()).isEqualTo(1_700_000_000_123L);
        assertThat(header.getReconsumeTimes()).isZero();
        assertThat(header.isUnitMode()).isFalse();
        assertThat(header.getBornHost()).isEqualTo("127.0.0.1:40000");
        assertThat(header.getStoreHost()).isEqualTo("10.0.0.1:10911");
        assertThat(header.getStoreTimestamp()).isEqualTo(mb.broker.clock.millis());
        assertThat(MessageDecoder.string2messageProperties(header.getProperties()))
                .containsEntry(MessageConst.PROPERTY_CORRELATION_ID, "corr-42")
                .containsEntry(MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT, REQUESTER)
                .containsEntry(MessageConst.PROPERTY_PUSH_REPLY_TIME, Long.toString(mb.broker.clock.millis()));
        assertThat(mb.store.maxOffset(REPLY_TOPIC, 0)).as("stored by default").isEqualTo(1);
    }

    @Test
    void answersMsgIdZero_forAReplyThatIsOnlyPushed() {
        SendReplyMessageHandler pushOnly = new SendReplyMessageHandler(new SendReply(mb.sendAdmission,
                mb.broker.producers, new NettyReplyPusher(channels), mb.store, mb.uniqueKeys, mb.statistics,
                mb.broker.clock, MessageBroker.STORE_HOST, mb.broker.settings, new ReplySettings(false), mb.broker.trace),
                mb.broker.trace);
        Message reply = replyMessage(REQUESTER, "not kept");

        RemotingCommand response = pushOnly.handle(request(RequestCode.SEND_REPLY_MESSAGE_V2,
                v2(sendHeader(REPLY_TOPIC, -1, reply, false)), reply.getBody()), TestPeer.client().context()).join();

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.extFields()).containsEntry("msgId", "0").containsEntry("queueId", "0")
                .containsEntry("queueOffset", "0");
        assertThat(mb.store.maxOffset(REPLY_TOPIC, 0)).isZero();
    }

    @Test
    void readsTheLongHeaderNames_ofSendReplyMessage() throws Exception {
        Message reply = replyMessage(REQUESTER, "v1");

        RemotingCommand response = handle(request(RequestCode.SEND_REPLY_MESSAGE,
                sendHeader(REPLY_TOPIC, 0, reply, false), reply.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(officialHeader(requester.calls().get(0).request()).getProducerGroup()).isEqualTo("PG_demo");
    }

    @Test
    void answersSystemError_whenTheRequesterHasNoConnection() {
        Message reply = replyMessage("127.0.0.1@somebody-else", "lost");

        RemotingCommand response = handle(request(RequestCode.SEND_REPLY_MESSAGE_V2,
                v2(sendHeader(REPLY_TOPIC, 0, reply, false)), reply.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).contains("channel of <127.0.0.1@somebody-else> not found");
        assertThat(response.extFields()).containsEntry("TRACE_ON", "true");
        assertThat(requester.calls()).isEmpty();
    }

    @Test
    void answersSystemError_whenTheRequesterRefusesTheReply() {
        requester.answeringWith(ResponseCode.SYSTEM_ERROR);
        Message reply = replyMessage(REQUESTER, "refused");

        RemotingCommand response = handle(request(RequestCode.SEND_REPLY_MESSAGE_V2,
                v2(sendHeader(REPLY_TOPIC, 0, reply, false)), reply.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("push reply message to " + REQUESTER + " fail.");
    }

    @Test
    void refusesAReplyToAForbiddenTopic_asASendIsRefused() {
        Message reply = replyMessage(REQUESTER, "x");

        RemotingCommand response = handle(request(RequestCode.SEND_REPLY_MESSAGE_V2,
                v2(sendHeader("SCHEDULE_TOPIC_XXXX", 0, reply, false)), reply.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(requester.calls()).isEmpty();
    }
}
