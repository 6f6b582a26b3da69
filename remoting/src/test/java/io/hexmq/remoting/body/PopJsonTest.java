package io.hexmq.remoting.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.common.message.MessageQueueAssignment;
import org.apache.rocketmq.common.message.MessageRequestMode;
import org.apache.rocketmq.remoting.protocol.body.BatchAck;
import org.apache.rocketmq.remoting.protocol.body.BatchAckMessageRequestBody;
import org.apache.rocketmq.remoting.protocol.body.QueryAssignmentRequestBody;
import org.apache.rocketmq.remoting.protocol.body.QueryAssignmentResponseBody;
import org.apache.rocketmq.remoting.protocol.body.SetMessageRequestModeRequestBody;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.Test;

/** The POP and assignment bodies against the official classes' own encoding. */
class PopJsonTest {

    @Test
    void readsTheBatchAcks_theOfficialClientEncodes() {
        BatchAck ack = new BatchAck();
        ack.setConsumerGroup("cg");
        ack.setTopic("T");
        ack.setRetry("1");
        ack.setStartOffset(40);
        ack.setQueueId(2);
        ack.setReviveQueueId(0);
        ack.setPopTime(1_700_000_000_000L);
        ack.setInvisibleTime(60_000);
        BitSet bits = new BitSet();
        bits.set(0);
        bits.set(9);
        ack.setBitSet(bits);
        BatchAckMessageRequestBody body = new BatchAckMessageRequestBody();
        body.setBrokerName("broker-a");
        body.setAcks(List.of(ack));

        List<PopJson.BatchAck> read = PopJson.readBatchAcks(body.encode());

        assertThat(read).containsExactly(new PopJson.BatchAck("cg", "T", "1", 40, 2, 0, 1_700_000_000_000L, 60_000,
                List.of(40L, 49L)));
    }

    @Test
    void theBatchAcksItWrites_decodeWithTheOfficialClass() {
        byte[] written = PopJson.batchAcks("broker-a", List.of(
                new PopJson.BatchAck("cg", "T", "0", 5, 1, 999, 7, 8, List.of(5L, 7L))));

        BatchAck official = BatchAckMessageRequestBody.decode(written, BatchAckMessageRequestBody.class).getAcks().get(0);

        assertThat(official.getBitSet().stream().boxed().toList()).containsExactly(0, 2);
        assertThat(official.getReviveQueueId()).isEqualTo(999);
        assertThat(PopJson.readBatchAcks(written).get(0).offsets()).containsExactly(5L, 7L);
    }

    @Test
    void readsTheAssignmentRequests_andAnswersWithWhatTheOfficialClassDecodes() {
        QueryAssignmentRequestBody request = new QueryAssignmentRequestBody();
        request.setTopic("T");
        request.setConsumerGroup("cg");
        request.setClientId("10.0.0.1@1");
        request.setStrategyName("AVG");
        request.setMessageModel(MessageModel.CLUSTERING);

        assertThat(PopJson.readAssignmentRequest(request.encode()))
                .isEqualTo(new PopJson.AssignmentRequest("T", "cg", "10.0.0.1@1", "AVG", "CLUSTERING"));
        Set<MessageQueueAssignment> decoded = QueryAssignmentResponseBody.decode(PopJson.assignments(List.of(
                new PopJson.Assignment(new ConsumerJson.Queue("T", "broker-a", -1), "POP"))),
                QueryAssignmentResponseBody.class).getMessageQueueAssignments();
        assertThat(decoded).singleElement().satisfies(assignment -> {
            assertThat(assignment.getMode()).isEqualTo(MessageRequestMode.POP);
            assertThat(assignment.getMessageQueue().getQueueId()).isEqualTo(-1);
            assertThat(assignment.getMessageQueue().getBrokerName()).isEqualTo("broker-a");
        });
        assertThat(new String(PopJson.assignments(null), StandardCharsets.UTF_8)).isEqualTo("{}");
    }

    @Test
    void readsTheRequestModes_theOfficialAdminEncodes() {
        SetMessageRequestModeRequestBody body = new SetMessageRequestModeRequestBody();
        body.setTopic("T");
        body.setConsumerGroup("cg");
        body.setMode(MessageRequestMode.POP);
        body.setPopShareQueueNum(2);

        assertThat(PopJson.readRequestMode(body.encode())).isEqualTo(new PopJson.RequestMode("T", "cg", "POP", 2));
    }
}
