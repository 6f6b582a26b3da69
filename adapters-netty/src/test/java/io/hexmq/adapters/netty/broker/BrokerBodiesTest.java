package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.SystemTopicConflictException;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.ResponseCodes;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody;
import org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody;
import org.junit.jupiter.api.Test;

/**
 * Golden bytes: where fastjson's own output is deterministic (one map entry, one set element), hexmq
 * writes exactly what the official classes encode, MessageQueue map keys included; and the edge mapper.
 */
class BrokerBodiesTest {

    private static final io.hexmq.domain.consumer.MessageQueue QUEUE = new io.hexmq.domain.consumer.MessageQueue(
            new TopicName("TopicTest"), new BrokerName("broker-a"), 3);
    private static final MessageQueue OFFICIAL_QUEUE = new MessageQueue("TopicTest", "broker-a", 3);

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Test
    void resetOffsetBody_isByteForByteWhatTheOfficialClassEncodes() {
        ResetOffsetBody official = new ResetOffsetBody();
        Map<MessageQueue, Long> table = new HashMap<>();
        table.put(OFFICIAL_QUEUE, 42L);
        official.setOffsetTable(table);

        assertThat(text(AdminBodies.resetOffsetBody(Map.of(QUEUE, 42L)))).isEqualTo(text(official.encode()))
                .isEqualTo("{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":3,\"topic\":\"TopicTest\"}:42}}");
    }

    @Test
    void lockResponse_andConsumerList_areByteForByteWhatTheOfficialClassesEncode() {
        LockBatchResponseBody locked = new LockBatchResponseBody();
        locked.setLockOKMQSet(Set.of(OFFICIAL_QUEUE));
        GetConsumerListByGroupResponseBody ids = new GetConsumerListByGroupResponseBody();
        ids.setConsumerIdList(List.of("ip@1", "ip@2"));

        assertThat(text(ClientBodies.lockedQueues(Set.of(QUEUE)))).isEqualTo(text(locked.encode()));
        assertThat(text(ClientBodies.consumerIdList(List.of(new ClientId("ip@1"), new ClientId("ip@2")))))
                .isEqualTo(text(ids.encode()));
    }

    @Test
    void theEdgeMapper_answersRejectionsOfTheDomain_withTheOfficialCodes() {
        ResponseCodes codes = BrokerResponseCodes.create();

        assertThat(codes.map(new SystemTopicConflictException(new TopicName("TBW102"))))
                .isEqualTo(new ResponseCodes.ErrorReply(ResponseCode.INVALID_PARAMETER,
                        "The topic[TBW102] is conflict with system topic."));
        assertThat(codes.map(catching(() -> new TopicName("no spaces"))).code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(codes.map(catching(() -> new GroupName("bad group"))).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(codes.isExpected(new InvalidBodyException("x"))).isTrue();
        assertThat(codes.isExpected(new IllegalStateException("a fault of ours"))).isFalse();
    }

    private static RuntimeException catching(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a rejection");
    }
}
