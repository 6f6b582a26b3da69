package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.ViewMessage;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class SendMessageHandlerTest {

    private final MessageBroker mb = new MessageBroker().withTopic("TopicTest", 4);
    private final SendMessageHandler handler = new SendMessageHandler(mb.sendMessage);

    private RemotingCommand handle(RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private MessageExt storedAt(String offsetMsgId) {
        long offset = io.hexmq.domain.message.OffsetMessageId.decode(offsetMsgId).commitLogOffset();
        ByteBuffer record = mb.viewMessage.view(new ViewMessage.Query(offset)).orElseThrow();
        byte[] bytes = new byte[record.remaining()];
        record.get(record.position(), bytes);
        return MessageDecoder.decode(ByteBuffer.wrap(bytes));
    }

    @Test
    void storesAnOfficialV2Send_andAnswersWhatTheClientReads() {
        Message message = message("TopicTest", "TagA", "order-1", "hello");
        RemotingCommand request = request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 2, message, false)), message.getBody());

        RemotingCommand response = handle(request);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(response.opaque()).isEqualTo(request.opaque());
        assertThat(response.extFields())
                .containsEntry("queueId", "2")
                .containsEntry("queueOffset", "0")
                .containsEntry("transactionId", MessageClientIDSetter.getUniqID(message))
                .containsEntry("MSG_REGION", "DefaultRegion")
                .containsEntry("TRACE_ON", "true");
        String msgId = response.extFields().get("msgId");
        assertThat(msgId).hasSize(32).startsWith("0A000001" + "00002A9F");

        MessageExt stored = storedAt(msgId);
        assertThat(stored.getTopic()).isEqualTo("TopicTest");
        assertThat(stored.getTags()).isEqualTo("TagA");
        assertThat(stored.getKeys()).isEqualTo("order-1");
        assertThat(new String(stored.getBody())).isEqualTo("hello");
        assertThat(stored.getBornHost()).isEqualTo(TestPeer.CLIENT_ADDRESS);
        assertThat(stored.getStoreHost()).isEqualTo(new InetSocketAddress("10.0.0.1", 10911));
        assertThat(stored.getProperty("CLUSTER")).isEqualTo("DefaultCluster");
        assertThat(stored.getMsgId()).isEqualTo(msgId);
    }

    @Test
    void readsTheLongHeaderNames_ofSendMessage() {
        Message message = message("TopicTest", "TagB", null, "v1");
        RemotingCommand response = handle(request(RequestCode.SEND_MESSAGE,
                sendHeader("TopicTest", 1, message, false), message.getBody()));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(storedAt(response.extFields().get("msgId")).getTags()).isEqualTo("TagB");
    }

    @Test
    void storesAnOfficialBatch_asSeparateMessages() {
        List<Message> messages = List.of(message("TopicTest", "A", null, "one"), message("TopicTest", "B", null, "two"));
        MessageBatch batch = MessageBatch.generateFromList(messages);
        MessageClientIDSetter.setUniqID(batch);
        batch.setTopic("TopicTest");
        byte[] body = batch.encode();

        RemotingCommand response = handle(request(RequestCode.SEND_BATCH_MESSAGE,
                v2(sendHeader("TopicTest", 3, batch, true)), body));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        String[] ids = response.extFields().get("msgId").split(",");
        assertThat(ids).hasSize(2);
        assertThat(storedAt(ids[0]).getTags()).isEqualTo("A");
        MessageExt second = storedAt(ids[1]);
        assertThat(new String(second.getBody())).isEqualTo("two");
        assertThat(second.getQueueOffset()).isEqualTo(1);
        assertThat(MessageClientIDSetter.getUniqID(second)).isEqualTo(MessageClientIDSetter.getUniqID(messages.get(1)));
    }

    @Test
    void answersMessageIllegal_forAMalformedBatchBody() {
        Message message = message("TopicTest", "A", null, "x");
        RemotingCommand response = handle(request(RequestCode.SEND_BATCH_MESSAGE,
                v2(sendHeader("TopicTest", 0, message, true)), new byte[] {0, 0, 0, 99, 1}));

        assertThat(response.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(response.extFields()).containsEntry("MSG_REGION", "DefaultRegion");
    }

    @Test
    void answersTheSendTableCodes_withARemarkAndTheExtFields() {
        Message message = message("SCHEDULE_TOPIC_XXXX", "A", null, "x");
        RemotingCommand forbidden = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("SCHEDULE_TOPIC_XXXX", 0, message, false)), message.getBody()));
        assertThat(forbidden.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(forbidden.remark()).contains("forbidden");
        assertThat(forbidden.extFields()).containsEntry("TRACE_ON", "true");

        RemotingCommand badQueue = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 4, message, false)), message.getBody()));
        assertThat(badQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);

        mb.store.shutdown();
        RemotingCommand stopped = handle(request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader("TopicTest", 0, message, false)), message.getBody()));
        assertThat(stopped.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(stopped.remark()).contains("service not available");
    }

    @Test
    void mapsEveryStoredStatus_toACodeTheClientCountsAsStored() {
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.FLUSH_DISK_TIMEOUT))
                .isEqualTo(ResponseCode.FLUSH_DISK_TIMEOUT);
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.SLAVE_NOT_AVAILABLE))
                .isEqualTo(ResponseCode.SLAVE_NOT_AVAILABLE);
        assertThat(SendMessageHandler.code(io.hexmq.application.message.SendMessage.Status.FLUSH_SLAVE_TIMEOUT))
                .isEqualTo(ResponseCode.FLUSH_SLAVE_TIMEOUT);
    }
}
