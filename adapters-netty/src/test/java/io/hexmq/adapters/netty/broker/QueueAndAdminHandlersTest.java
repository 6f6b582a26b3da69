package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetEarliestMsgStoretimeRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMinOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SearchOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ViewMessageRequestHeader;
import org.junit.jupiter.api.Test;

class QueueAndAdminHandlersTest {

    private static final String TOPIC = "TopicTest";

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);

    private static RemotingCommand call(RequestHandler handler, RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private String send(String body) {
        Message message = message(TOPIC, "TagA", null, body);
        return call(new SendMessageHandler(mb.sendMessage, mb.broker.trace), request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader(TOPIC, 0, message, false)), message.getBody())).extFields().get("msgId");
    }

    @Test
    void answersQueueOffsetsAndStoreTimes() {
        long firstStored = mb.broker.clock.millis();
        send("a");
        mb.broker.clock.advanceMillis(1000);
        send("b");

        GetMaxOffsetRequestHeader max = new GetMaxOffsetRequestHeader();
        max.setTopic(TOPIC);
        max.setQueueId(0);
        assertThat(call(new GetMaxOffsetHandler(mb.getMaxOffset), request(RequestCode.GET_MAX_OFFSET, max, null))
                .extFields()).containsEntry("offset", "2");

        GetMinOffsetRequestHeader min = new GetMinOffsetRequestHeader();
        min.setTopic(TOPIC);
        min.setQueueId(0);
        assertThat(call(new GetMinOffsetHandler(mb.getMinOffset), request(RequestCode.GET_MIN_OFFSET, min, null))
                .extFields()).containsEntry("offset", "0");

        GetEarliestMsgStoretimeRequestHeader earliest = new GetEarliestMsgStoretimeRequestHeader();
        earliest.setTopic(TOPIC);
        earliest.setQueueId(0);
        assertThat(call(new GetEarliestMsgStoreTimeHandler(mb.getEarliestStoreTime),
                request(RequestCode.GET_EARLIEST_MSG_STORETIME, earliest, null)).extFields())
                .containsEntry("timestamp", Long.toString(firstStored));

        SearchOffsetRequestHeader search = new SearchOffsetRequestHeader();
        search.setTopic(TOPIC);
        search.setQueueId(0);
        search.setTimestamp(firstStored + 500);
        assertThat(call(new SearchOffsetByTimestampHandler(mb.searchOffsetByTimestamp),
                request(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, search, null)).extFields())
                .containsEntry("offset", "1");
    }

    @Test
    void viewsOneStoredMessage_byTheOffsetInItsMessageId() {
        String msgId = send("viewed");
        ViewMessageByIdHandler handler = new ViewMessageByIdHandler(mb.viewMessage);
        ViewMessageRequestHeader header = new ViewMessageRequestHeader();
        header.setOffset(OffsetMessageId.decode(msgId).commitLogOffset());

        RemotingCommand found = call(handler, request(RequestCode.VIEW_MESSAGE_BY_ID, header, null));

        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        MessageExt message = MessageDecoder.decode(ByteBuffer.wrap(found.body()));
        assertThat(new String(message.getBody())).isEqualTo("viewed");
        assertThat(message.getMsgId()).isEqualTo(msgId);

        header.setOffset(header.getOffset() + 3);
        RemotingCommand missing = call(handler, request(RequestCode.VIEW_MESSAGE_BY_ID, header, null));
        assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.remark()).startsWith("can not find message by the offset");
    }

    @Test
    void sendsAFailedMessageBack_toTheGroupsRetryTopic_throughTheRetryDelayLevel() {
        String msgId = send("failed once");
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        header.setOffset(OffsetMessageId.decode(msgId).commitLogOffset());
        header.setGroup("CG");
        header.setDelayLevel(0);
        header.setOriginMsgId("U");
        header.setOriginTopic(TOPIC);
        header.setUnitMode(false);
        header.setMaxReconsumeTimes(16);

        RemotingCommand response = call(new ConsumerSendMsgBackHandler(mb.sendMessageBack),
                request(RequestCode.CONSUMER_SEND_MSG_BACK, header, null));

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        // The first retry waits at delay level 3 (reconsumeTimes 0 + 3), parked in the schedule topic.
        assertThat(mb.store.maxOffset("%RETRY%CG", 0)).isZero();
        assertThat(mb.store.maxOffset("SCHEDULE_TOPIC_XXXX", 2)).isEqualTo(1);

        header.setOffset(12_345L);
        RemotingCommand missing = call(new ConsumerSendMsgBackHandler(mb.sendMessageBack),
                request(RequestCode.CONSUMER_SEND_MSG_BACK, header, null));
        assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.remark()).contains("look message by offset failed");
    }

    @Test
    void answersRuntimeInfo_asAKvTableTheOfficialCodecReads() {
        send("counted");
        mb.statistics.sample();

        RemotingCommand response = call(new GetBrokerRuntimeInfoHandler(mb.getBrokerRuntimeInfo),
                RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build());

        Map<String, String> table = KVTable.decode(response.body(), KVTable.class).getTable();
        assertThat(table).containsEntry("brokerVersionDesc", "V5_5_0").containsEntry("brokerVersion", "513")
                .containsEntry("msgPutTotalTodayNow", "1").containsEntry("brokerActive", "true")
                .containsEntry("sendThreadPoolQueueSize", "0");
        assertThat(table.get("putTps").split(" ")).hasSize(3);
        assertThat(Double.parseDouble(table.get("putTps").split(" ")[0])).isGreaterThanOrEqualTo(0);
    }
}
