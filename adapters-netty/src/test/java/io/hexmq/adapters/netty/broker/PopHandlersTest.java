package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.decodes;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.pop.PopBroker;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.body.BatchAck;
import org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopMessageResponseHeader;
import org.junit.jupiter.api.Test;

/** POP_MESSAGE, ACK_MESSAGE, BATCH_ACK_MESSAGE and CHANGE_MESSAGE_INVISIBLETIME as the official client reads them. */
class PopHandlersTest {

    private static final String TOPIC = MessageBroker.TOPIC;
    private static final String GROUP = PopBroker.GROUP;

    private final PopBroker broker = new PopBroker();
    private final PopMessageHandler pop = new PopMessageHandler(broker.popMessages);

    private RemotingCommand popped(int max) {
        PopMessageRequestHeader header = new PopMessageRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(TOPIC);
        header.setQueueId(-1);
        header.setMaxMsgNums(max);
        header.setInvisibleTime(PopBroker.INVISIBLE);
        header.setInitMode(0);
        return pop.handle(request(RequestCode.POP_MESSAGE, header, null), TestPeer.client().context()).join();
    }

    /** The official client decodes a POP answer's header whatever its code, and requires its four fields. */
    private static <T extends CommandCustomHeader> T officialHeader(RemotingCommand response, Class<T> type)
            throws Exception {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(response.code(), null);
        official.setExtFields(new java.util.HashMap<>(response.extFields()));
        return official.decodeCommandCustomHeader(type);
    }

    @Test
    void aPopAnswer_givesTheOfficialClientWhatItBuildsEachMessagesCheckpointInfoFrom() throws Exception {
        broker.messages.sendTagged(TOPIC, 0, "T", "m0");
        broker.messages.sendTagged(TOPIC, 1, "T", "m1");

        RemotingCommand response = popped(32);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        PopMessageResponseHeader header = officialHeader(response, PopMessageResponseHeader.class);
        assertThat(header.getInvisibleTime()).isEqualTo(PopBroker.INVISIBLE);
        assertThat(header.getReviveQid()).isZero();
        Map<String, Long> starts = ExtraInfoUtil.parseStartOffsetInfo(header.getStartOffsetInfo());
        Map<String, List<Long>> offsets = ExtraInfoUtil.parseMsgOffsetInfo(header.getMsgOffsetInfo());
        List<MessageExt> messages = decodes(response.body());
        assertThat(messages).extracting(m -> new String(m.getBody())).containsExactlyInAnyOrder("m0", "m1");
        for (MessageExt message : messages) {
            String key = ExtraInfoUtil.getStartOffsetInfoMapKey(message.getTopic(), message.getQueueId());
            assertThat(starts).containsEntry(key, 0L);
            assertThat(offsets).containsEntry(key, List.of(message.getQueueOffset()));
        }
    }

    @Test
    void aPopThatFindsNothing_isPollingTimeout_withTheHeaderTheClientRequires() throws Exception {
        RemotingCommand response = popped(32);

        assertThat(response.code()).isEqualTo(ResponseCode.POLLING_TIMEOUT);
        assertThat(officialHeader(response, PopMessageResponseHeader.class).getRestNum()).isZero();
    }

    @Test
    void acksAndChangesTheInvisibleTime_withTheExtraInfoTheOfficialClientSends() throws Exception {
        broker.messages.sendTagged(TOPIC, 0, "T", "m0");
        broker.messages.sendTagged(TOPIC, 0, "T", "m1");
        PopMessageResponseHeader header = officialHeader(popped(32), PopMessageResponseHeader.class);
        String extraInfo = ExtraInfoUtil.buildExtraInfo(0, header.getPopTime(), header.getInvisibleTime(),
                header.getReviveQid(), TOPIC, "broker-a", 0, 1);

        ChangeInvisibleTimeRequestHeader change = new ChangeInvisibleTimeRequestHeader();
        change.setConsumerGroup(GROUP);
        change.setTopic(TOPIC);
        change.setQueueId(0);
        change.setOffset(1L);
        change.setExtraInfo(extraInfo);
        change.setInvisibleTime(10_000L);
        RemotingCommand changed = new ChangeInvisibleTimeHandler(broker.changeInvisibleTime)
                .handle(request(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, change, null), TestPeer.client().context())
                .join();
        assertThat(changed.code()).isEqualTo(ResponseCode.SUCCESS);
        ChangeInvisibleTimeResponseHeader renewed = officialHeader(changed, ChangeInvisibleTimeResponseHeader.class);
        assertThat(renewed.getInvisibleTime()).isEqualTo(10_000L);

        AckMessageRequestHeader ack = new AckMessageRequestHeader();
        ack.setConsumerGroup(GROUP);
        ack.setTopic(TOPIC);
        ack.setQueueId(0);
        ack.setOffset(1L);
        ack.setExtraInfo(ExtraInfoUtil.buildExtraInfo(0, renewed.getPopTime(), renewed.getInvisibleTime(),
                renewed.getReviveQid(), TOPIC, "broker-a", 0, 1));
        RemotingCommand acked = new AckMessageHandler(broker.ackMessage)
                .handle(request(RequestCode.ACK_MESSAGE, ack, null), TestPeer.client().context()).join();
        assertThat(acked.code()).isEqualTo(ResponseCode.SUCCESS);

        BatchAck batch = new BatchAck();
        batch.setConsumerGroup(GROUP);
        batch.setTopic(TOPIC);
        batch.setRetry("0");
        batch.setStartOffset(0);
        batch.setQueueId(0);
        batch.setPopTime(header.getPopTime());
        batch.setInvisibleTime(header.getInvisibleTime());
        BitSet first = new BitSet();
        first.set(0);
        batch.setBitSet(first);
        BatchAckMessageRequestBody body = new BatchAckMessageRequestBody();
        body.setBrokerName("broker-a");
        body.setAcks(List.of(batch));
        RemotingCommand batchAcked = new BatchAckMessageHandler(broker.batchAck)
                .handle(RemotingCommand.request(RequestCode.BATCH_ACK_MESSAGE).body(body.encode()).build(),
                        TestPeer.client().context())
                .join();
        assertThat(batchAcked.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.ledger.checkpoints().size()).isZero();
    }
}
