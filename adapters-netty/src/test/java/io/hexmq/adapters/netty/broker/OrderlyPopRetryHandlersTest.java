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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.apache.rocketmq.remoting.protocol.header.NotificationRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.NotificationResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopMessageResponseHeader;
import org.junit.jupiter.api.Test;

/**
 * An orderly POP_MESSAGE and NOTIFICATION with the attemptId the official proxy sends, and the same attemptId
 * again when its client retries a receive whose answer was lost.
 */
class OrderlyPopRetryHandlersTest {

    private static final String TOPIC = MessageBroker.TOPIC;
    private static final String GROUP = PopBroker.GROUP;

    private final PopBroker broker = new PopBroker();
    private final PopMessageHandler pop = new PopMessageHandler(broker.popMessages);
    private final NotificationHandler notification = new NotificationHandler(broker.awaitMessages);

    private RemotingCommand popOrderly(String attemptId) {
        PopMessageRequestHeader header = new PopMessageRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(TOPIC);
        header.setQueueId(0);
        header.setMaxMsgNums(32);
        header.setInvisibleTime(PopBroker.INVISIBLE);
        header.setInitMode(0);
        header.setOrder(true);
        header.setAttemptId(attemptId);
        return pop.handle(request(RequestCode.POP_MESSAGE, header, null), TestPeer.client().context()).join();
    }

    private boolean hasMessages(String attemptId) throws Exception {
        NotificationRequestHeader header = new NotificationRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(TOPIC);
        header.setQueueId(0);
        header.setPollTime(0);
        header.setBornTime(System.currentTimeMillis());
        header.setOrder(true);
        header.setAttemptId(attemptId);
        RemotingCommand response = notification.handle(request(RequestCode.NOTIFICATION, header, null),
                TestPeer.client().context()).join();
        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        return officialHeader(response, NotificationResponseHeader.class).isHasMsg();
    }

    private static <T extends CommandCustomHeader> T officialHeader(RemotingCommand response, Class<T> type)
            throws Exception {
        org.apache.rocketmq.remoting.protocol.RemotingCommand official =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(response.code(), null);
        official.setExtFields(new HashMap<>(response.extFields()));
        return official.decodeCommandCustomHeader(type);
    }

    private static Map<String, Integer> orderCounts(RemotingCommand response) throws Exception {
        return ExtraInfoUtil.parseOrderCountInfo(
                officialHeader(response, PopMessageResponseHeader.class).getOrderCountInfo());
    }

    @Test
    void aRepeatedOrderlyPop_withTheSameAttemptId_getsTheSameMessagesAgain_theirCountsNotRaised() throws Exception {
        broker.messages.sendTagged(TOPIC, 0, "T", "o0");
        broker.messages.sendTagged(TOPIC, 0, "T", "o1");

        RemotingCommand lost = popOrderly("attempt-1");
        RemotingCommand retried = popOrderly("attempt-1");

        assertThat(retried.code()).isEqualTo(ResponseCode.SUCCESS);
        List<MessageExt> first = decodes(lost.body());
        List<MessageExt> again = decodes(retried.body());
        assertThat(again).extracting(m -> new String(m.getBody())).containsExactly("o0", "o1");
        assertThat(again).extracting(MessageExt::getQueueOffset)
                .isEqualTo(first.stream().map(MessageExt::getQueueOffset).toList());
        assertThat(orderCounts(retried)).isEqualTo(orderCounts(lost))
                .containsEntry(ExtraInfoUtil.getQueueOffsetMapKey(TOPIC, 0, 0), 0);
    }

    @Test
    void anOrderlyPop_withAnotherAttemptId_orNone_isBlocked_whileTheFirstAttemptHoldsTheQueue() {
        broker.messages.sendTagged(TOPIC, 0, "T", "o0");
        popOrderly("attempt-1");

        assertThat(popOrderly("attempt-2").code()).isEqualTo(ResponseCode.POLLING_TIMEOUT);
        assertThat(popOrderly(null).code()).isEqualTo(ResponseCode.POLLING_TIMEOUT);
    }

    @Test
    void aNotification_withTheAttemptIdHoldingTheQueue_saysItHasMessages_andWithAnotherSaysNot() throws Exception {
        broker.messages.sendTagged(TOPIC, 0, "T", "o0");
        popOrderly("attempt-1");

        assertThat(hasMessages("attempt-1")).isTrue();
        assertThat(hasMessages("attempt-2")).isFalse();
    }
}
