package io.hexmq.adapters.netty.broker;

import static io.hexmq.adapters.netty.broker.OfficialRequests.message;
import static io.hexmq.adapters.netty.broker.OfficialRequests.request;
import static io.hexmq.adapters.netty.broker.OfficialRequests.sendHeader;
import static io.hexmq.adapters.netty.broker.OfficialRequests.v2;
import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.message.MessageBroker;
import io.hexmq.application.message.QueryMessages;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageResponseHeader;
import org.junit.jupiter.api.Test;

class QueryMessageHandlerTest {

    private static final String TOPIC = "TopicTest";

    private final MessageBroker mb = new MessageBroker().withTopic(TOPIC, 1);
    private final QueryMessageHandler handler = new QueryMessageHandler(new QueryMessages(mb.store));

    private static RemotingCommand call(RequestHandler handler, RemotingCommand request) {
        return handler.handle(request, TestPeer.client().context()).join();
    }

    private Message send(String keys, String body) {
        return send("TagA", keys, body);
    }

    private Message send(String tag, String keys, String body) {
        Message message = message(TOPIC, tag, keys, body);
        call(new SendMessageHandler(mb.sendMessage, mb.broker.trace), request(RequestCode.SEND_MESSAGE_V2,
                v2(sendHeader(TOPIC, 0, message, false)), message.getBody()));
        return message;
    }

    private RemotingCommand query(String key, int maxNum, long begin, long end, String uniqueKeyQuery) {
        return query(key, maxNum, begin, end, uniqueKeyQuery, null);
    }

    /** A query as a 5.5 client sends it: {@code indexType} is a header field the 5.3 header class lacks. */
    private RemotingCommand queryOfType(String indexType, String key) {
        return query(key, 32, 0, Long.MAX_VALUE, null, indexType);
    }

    private RemotingCommand query(String key, int maxNum, long begin, long end, String uniqueKeyQuery,
                                  String indexType) {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        header.setTopic(TOPIC);
        header.setKey(key);
        header.setMaxNum(maxNum);
        header.setBeginTimestamp(begin);
        header.setEndTimestamp(end);
        RemotingCommand request = request(RequestCode.QUERY_MESSAGE, header, null);
        if (uniqueKeyQuery != null) {
            request = request.toBuilder().extField(MixAll.UNIQUE_MSG_QUERY_FLAG, uniqueKeyQuery).build();
        }
        if (indexType != null) {
            request = request.toBuilder().extField("indexType", indexType).build();
        }
        return call(handler, request);
    }

    private static List<String> bodies(RemotingCommand response) {
        return MessageDecoder.decodes(ByteBuffer.wrap(response.body())).stream()
                .map(message -> new String(message.getBody())).toList();
    }

    @Test
    void answersTheMessagesOfAKey_backToBack_withTheIndexProgressInTheHeader() {
        send("order-1 customer-7", "a");
        mb.broker.clock.advanceMillis(1000);
        send("order-2 customer-7", "b");

        RemotingCommand found = query("customer-7", 32, 0, Long.MAX_VALUE, "false");

        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bodies(found)).containsExactly("b", "a");
        List<MessageExt> decoded = MessageDecoder.decodes(ByteBuffer.wrap(found.body()));
        assertThat(found.extFields())
                .containsEntry("indexLastUpdateTimestamp", Long.toString(decoded.get(0).getStoreTimestamp()))
                .containsEntry("indexLastUpdatePhyoffset", Long.toString(decoded.get(0).getCommitLogOffset()));
        assertThat(found.extFields().keySet()).containsAll(List.of("indexLastUpdateTimestamp", "indexLastUpdatePhyoffset"));
        assertThat(QueryMessageResponseHeader.class.getDeclaredFields()).extracting("name")
                .contains("indexLastUpdateTimestamp", "indexLastUpdatePhyoffset");
    }

    @Test
    void findsByUniqueKey_onlyWhenAskedTo() {
        Message sent = send("k", "a");
        String uniqueKey = MessageClientIDSetter.getUniqID(sent);

        RemotingCommand byUniqueKey = query(uniqueKey, 1, 0, Long.MAX_VALUE, "true");
        RemotingCommand asUserKey = query(uniqueKey, 32, 0, Long.MAX_VALUE, "false");

        assertThat(byUniqueKey.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(MessageDecoder.decodes(ByteBuffer.wrap(byUniqueKey.body())).get(0).getMsgId()).isEqualTo(uniqueKey);
        assertThat(asUserKey.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(query("k", 32, 0, Long.MAX_VALUE, null).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void answersQueryNotFound_outsideTheTimeRange_orForAnUnknownKey() {
        long before = mb.broker.clock.millis() - 1;
        send("k", "a");

        RemotingCommand tooEarly = query("k", 32, 0, before, "false");

        assertThat(tooEarly.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(tooEarly.remark()).isEqualTo("can not find message, maybe time range not correct");
        assertThat(query("unknown", 32, 0, Long.MAX_VALUE, "false").code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @Test
    void returnsAtMostMaxNum_theNewest() {
        for (int i = 0; i < 4; i++) {
            send("k", "m" + i);
        }

        assertThat(bodies(query("k", 2, 0, Long.MAX_VALUE, "false"))).containsExactly("m3", "m2");
    }

    @Test
    void findsByTheTag_forIndexTypeT_andNotByAKeyOfThatText() {
        send("TagA", "order-1", "a");
        send("TagB", "TagA", "b");

        assertThat(bodies(queryOfType("T", "TagA"))).containsExactly("a");
        assertThat(queryOfType("T", "order-1").code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(bodies(queryOfType("K", "TagA"))).containsExactly("b");
    }

    @Test
    void findsByTheUniqueKeyOnly_forIndexTypeU() {
        Message owner = send("k", "owner");
        String uniqueKey = MessageClientIDSetter.getUniqID(owner);
        send(uniqueKey, "lookalike");

        assertThat(bodies(queryOfType("U", uniqueKey))).containsExactly("owner");
        assertThat(queryOfType("U", "k").code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(bodies(queryOfType("K", uniqueKey))).containsExactly("lookalike");
    }

    @Test
    void looksUpTheUniqueKey_whenTheUniqueKeyFlagIsSet_whateverIndexTypeSays() {
        Message sent = send("k", "a");
        String uniqueKey = MessageClientIDSetter.getUniqID(sent);

        RemotingCommand found = query(uniqueKey, 1, 0, Long.MAX_VALUE, "true", "K");

        assertThat(bodies(found)).containsExactly("a");
    }

    @Test
    void answersQueryNotFound_namingTheType_forAnUnknownIndexType() {
        send("k", "a");

        RemotingCommand unknown = queryOfType("X", "k");

        assertThat(unknown.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(unknown.remark()).isEqualTo("unknown indexType X, expected K, U or T");
        assertThat(bodies(queryOfType("", "k"))).as("empty means K").containsExactly("a");
    }
}
