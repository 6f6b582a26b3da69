package io.hexmq.bootstrap.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQAdminImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Message query as the official admin path does it (mqadmin {@code queryMsgByKey}, {@code queryMsgByUniqueKey},
 * {@code queryMsgById}): the producer's MQAdmin methods {@code queryMessage} and {@code viewMessage} and the
 * client's {@link MQAdminImpl#queryMessageByUniqKey}, against a hexmq standalone node, once per store.
 */
@ParameterizedClass(name = "store: {0}")
@ValueSource(strings = {"file", "chronicle"})
class QueryMessageCompatibilityIT {

    private static final String TOPIC = "QueryTopic";

    @Parameter
    String store;

    @RegisterExtension
    final StandaloneExtension<OfficialClients> hexmq = StandaloneExtension.onStore(() -> store).withOfficialClients();

    private DefaultMQProducer producer;

    @BeforeEach
    void start() throws Exception {
        producer = hexmq.clients().producer("pg-query");
        hexmq.clients().createTopic(producer, hexmq.server().broker(), TOPIC, 2);
    }

    private SendResult send(String keys, String body) throws Exception {
        Message message = new Message(TOPIC, "TagA", keys, body.getBytes(StandardCharsets.UTF_8));
        SendResult result = producer.send(message);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }

    private static List<String> bodies(QueryResult result) {
        List<String> bodies = new ArrayList<>();
        for (MessageExt message : result.getMessageList()) {
            bodies.add(new String(message.getBody(), StandardCharsets.UTF_8));
        }
        return bodies;
    }

    private MQAdminImpl admin() {
        return producer.getDefaultMQProducerImpl().getMqClientFactory().getMQAdminImpl();
    }

    @Test
    void queryMessage_findsEveryMessageOfAKey_acrossQueues_withinTheTimeRange() throws Exception {
        long begin = System.currentTimeMillis() - 1_000;
        for (int i = 0; i < 6; i++) {
            send("order-" + (i % 2) + " batch-7", "m" + i);
        }
        send("order-9", "unrelated");
        long end = System.currentTimeMillis() + 1_000;

        QueryResult byKey = producer.queryMessage(TOPIC, "order-1", 32, begin, end);
        QueryResult byOtherKey = producer.queryMessage(TOPIC, "batch-7", 32, begin, end);

        assertThat(bodies(byKey)).containsExactlyInAnyOrder("m1", "m3", "m5");
        assertThat(byKey.getIndexLastUpdateTimestamp()).isBetween(begin, end);
        assertThat(bodies(byOtherKey)).containsExactlyInAnyOrder("m0", "m1", "m2", "m3", "m4", "m5");
        assertThat(byKey.getMessageList()).allSatisfy(message -> {
            assertThat(message.getTopic()).isEqualTo(TOPIC);
            assertThat(message.getKeys()).contains("order-1");
        });
    }

    @Test
    void queryMessage_failsAsTheOfficialBrokerDoes_outsideTheTimeRange_orForAnUnknownKey() throws Exception {
        send("order-1", "m");
        long now = System.currentTimeMillis();

        assertThatThrownBy(() -> producer.queryMessage(TOPIC, "order-1", 32, now - 600_000, now - 300_000))
                .isInstanceOf(MQClientException.class).hasMessageContaining("no message");
        assertThatThrownBy(() -> producer.queryMessage(TOPIC, "nobody", 32, 0, Long.MAX_VALUE))
                .isInstanceOf(MQClientException.class).hasMessageContaining("no message");
    }

    @Test
    void queryMessageByUniqKey_findsTheMessageByTheMsgIdTheProducerGot() throws Exception {
        SendResult sent = send("k", "by unique key");

        MessageExt found = admin().queryMessageByUniqKey(TOPIC, sent.getMsgId());

        assertThat(found).isNotNull();
        assertThat(new String(found.getBody(), StandardCharsets.UTF_8)).isEqualTo("by unique key");
        assertThat(found.getMsgId()).isEqualTo(sent.getMsgId());
    }

    /**
     * QUERY_MESSAGE as the 5.5.0 client and mqadmin send it, with the header's {@code indexType} (K keys, U unique
     * key, T tag); the 5.3.3 client on this classpath has no such header field, so it is added to the request as the
     * 5.5.0 header serialises it, as an ext field. Empty for QUERY_NOT_FOUND.
     */
    private List<String> queryWithIndexType(String indexType, String key) throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.QUERY_MESSAGE,
                ReplicaReads.anyTimeQuery(TOPIC, key));
        request.addExtField("indexType", indexType);
        RemotingCommand response = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl()
                .getRemotingClient().invokeSync(hexmq.server().broker(), request, 5_000);
        assertThat(response.getCode()).as(response.getRemark())
                .isIn(ResponseCode.SUCCESS, ResponseCode.QUERY_NOT_FOUND);
        return ReplicaReads.decodeBodies(response);
    }

    @Test
    void queryMessage_withTheIndexType550Sends_findsByKey_byUniqueKey_andByTag() throws Exception {
        SendResult first = send("order-1", "first");
        send("order-1 order-2", "second");
        producer.send(new Message(TOPIC, "TagB", "order-3", "tagged B".getBytes(StandardCharsets.UTF_8)));

        assertThat(queryWithIndexType("K", "order-1")).containsExactlyInAnyOrder("first", "second");
        assertThat(queryWithIndexType("U", first.getMsgId())).containsExactly("first");
        assertThat(queryWithIndexType("T", "TagB")).containsExactly("tagged B");
        assertThat(queryWithIndexType("U", "order-1")).as("a key is no unique key").isEmpty();
    }

    @Test
    void viewMessage_findsTheMessageByItsOffsetMsgId() throws Exception {
        SendResult sent = send("k", "by offset id");

        MessageExt viewed = producer.viewMessage(TOPIC, sent.getOffsetMsgId());

        assertThat(new String(viewed.getBody(), StandardCharsets.UTF_8)).isEqualTo("by offset id");
        assertThat(viewed.getKeys()).isEqualTo("k");
        assertThat(viewed.getMsgId()).isEqualTo(sent.getMsgId());
    }

    @Test
    void queryMessage_stillFindsMessages_afterABrokerRestart() throws Exception {
        long begin = System.currentTimeMillis() - 1_000;
        send("kept", "before restart");
        hexmq.server().restart();
        long end = System.currentTimeMillis() + 1_000;

        QueryResult found = producer.queryMessage(TOPIC, "kept", 32, begin, end);

        assertThat(bodies(found)).containsExactly("before restart");
    }
}
