package io.hexmq.adapters.netty.broker;

import io.hexmq.remoting.protocol.RemotingCommand;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;

/** Requests built the way the official 5.3.3 client builds them, turned into hexmq commands. */
final class OfficialRequests {

    /** The version a 4.9.4 client announces. */
    static final int V4_9_4 = 401;

    private OfficialRequests() {
    }

    /** The official header's wire fields, as the official RemotingCommand puts them in extFields. */
    static RemotingCommand request(int code, CommandCustomHeader header, byte[] body) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(code, header);
        official.makeCustomHeaderToNet();
        return RemotingCommand.request(code).version(V4_9_4).extFields(official.getExtFields()).body(body).build();
    }

    /** What DefaultMQProducer puts in the header for {@code message}. */
    static SendMessageRequestHeader sendHeader(String topic, int queueId, Message message, boolean batch) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("PG_demo");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(queueId);
        header.setSysFlag(0);
        header.setBornTimestamp(1_700_000_000_123L);
        header.setFlag(message.getFlag());
        header.setProperties(MessageDecoder.messageProperties2String(message.getProperties()));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(batch);
        return header;
    }

    static SendMessageRequestHeaderV2 v2(SendMessageRequestHeader header) {
        return SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header);
    }

    static Message message(String topic, String tags, String keys, String body) {
        Message message = new Message(topic, tags, keys, body.getBytes());
        MessageClientIDSetter.setUniqID(message);
        message.setWaitStoreMsgOK(true);
        return message;
    }

    /** A push consumer's pull: suspend and subscription flags, as set by the official client. */
    static PullMessageRequestHeader pullHeader(String group, String topic, int queueId, long offset, int sysFlag,
            String subscription) {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(queueId);
        header.setQueueOffset(offset);
        header.setMaxMsgNums(32);
        header.setSysFlag(sysFlag);
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(15_000L);
        header.setSubscription(subscription);
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        return header;
    }

    static List<MessageExt> decodes(byte[] body) {
        return MessageDecoder.decodes(java.nio.ByteBuffer.wrap(body));
    }

    static Map<String, String> ext(RemotingCommand response) {
        return response.extFields();
    }
}
