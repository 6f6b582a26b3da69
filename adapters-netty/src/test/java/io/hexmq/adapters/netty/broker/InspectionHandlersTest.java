package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.broker.TrafficStats;
import io.hexmq.application.broker.ViewBrokerStats;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.message.QueryConsumeQueue;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.ConsumeFromWhere;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.ExpressionType;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageModel;
import io.hexmq.domain.consumer.Subscription;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.TagCode;
import io.hexmq.domain.topic.TopicName;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import io.hexmq.remoting.protocol.RequestHandler;
import io.hexmq.remoting.protocol.ResponseCode;
import io.hexmq.remoting.protocol.TestPeer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.remoting.protocol.body.BrokerStatsData;
import org.apache.rocketmq.remoting.protocol.body.ConsumeQueueData;
import org.apache.rocketmq.remoting.protocol.body.QueryConsumeQueueResponseBody;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * QUERY_CONSUME_QUEUE (321) and VIEW_BROKER_STATS_DATA (315): the bodies byte for byte in fastjson's key order,
 * and as the official classes decode them.
 */
class InspectionHandlersTest {

    private static final String TOPIC = "Orders";
    private static final GroupName GROUP = new GroupName("CG");

    private final TestBroker broker = new TestBroker();
    private final RequestHandler queryCq = new QueryConsumeQueueHandler(
            new QueryConsumeQueue(broker.messageStore, broker.consumers));
    private final RequestHandler statsAll = new ViewBrokerStatsDataHandler(new ViewBrokerStats(broker.statistics));
    private final List<Long> commitLogOffsets = new ArrayList<>();

    @BeforeEach
    void twoTaggedMessagesInQueueOne() {
        for (String tag : List.of("TagA", "TagB")) {
            Message message = Message.builder(TOPIC, 1, tag.getBytes(StandardCharsets.UTF_8))
                    .properties(MessageProperties.encode(Map.of(MessageProperties.TAGS, tag))).build();
            commitLogOffsets.add(broker.messageStore.append(message).commitLogOffset());
        }
    }

    private RemotingCommand call(RequestHandler handler, RemotingCommand.Builder request) {
        return handler.handle(request.build(), TestPeer.client().context()).join();
    }

    private RemotingCommand queryCq(long index, int count, String group) {
        RemotingCommand.Builder request = RemotingCommand.request(RequestCode.QUERY_CONSUME_QUEUE)
                .extField("topic", TOPIC).extField("queueId", 1).extField("index", index).extField("count", count);
        return call(queryCq, group == null ? request : request.extField("consumerGroup", group));
    }

    private void subscribe(Subscription subscription) {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("conn-1"), new ClientId("c1"),
                "JAVA", 401, List.of(new RecordHeartbeat.ConsumerData(GROUP, ConsumeType.CONSUME_PASSIVELY,
                        MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, List.of(subscription))),
                Set.of()));
    }

    private String entry(int index) {
        long size = commitLogOffsets.get(1) - commitLogOffsets.get(0);
        String tag = index == 0 ? "TagA" : "TagB";
        return "{\"eval\":false,\"physicOffset\":" + commitLogOffsets.get(index) + ",\"physicSize\":" + size
                + ",\"tagsCode\":" + TagCode.of(tag) + "}";
    }

    @Test
    void queryCq_withoutAGroup_answersTheBoundsAndEntries_andNoFilterData() {
        RemotingCommand response = queryCq(0, 2, null);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(
                "{\"maxQueueIndex\":2,\"minQueueIndex\":0,\"queueData\":[" + entry(0) + "," + entry(1) + "]}");
        QueryConsumeQueueResponseBody official = QueryConsumeQueueResponseBody.decode(response.body(),
                QueryConsumeQueueResponseBody.class);
        assertThat(official.getQueueData()).extracting(ConsumeQueueData::getPhysicOffset)
                .containsExactlyElementsOf(commitLogOffsets);
        assertThat(official.getFilterData()).isNull();
        assertThat(official.getSubscriptionData()).isNull();
    }

    @Test
    void queryCq_forAGroupOnlineWithATag_answersItsSubscription_andNullFilterData() {
        subscribe(new Subscription(new TopicName(TOPIC), "TagB", Set.of("TagB"), Set.of((int) TagCode.of("TagB")), 7,
                ExpressionType.TAG));

        RemotingCommand response = queryCq(1, 1, GROUP.value());

        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(
                "{\"filterData\":\"null\",\"maxQueueIndex\":2,\"minQueueIndex\":0,\"queueData\":[" + entry(1) + "],"
                        + "\"subscriptionData\":{\"classFilterMode\":false,\"codeSet\":[" + TagCode.of("TagB") + "],"
                        + "\"expressionType\":\"TAG\",\"subString\":\"TagB\",\"subVersion\":7,\"tagsSet\":[\"TagB\"],"
                        + "\"topic\":\"Orders\"}}");
        QueryConsumeQueueResponseBody official = QueryConsumeQueueResponseBody.decode(response.body(),
                QueryConsumeQueueResponseBody.class);
        assertThat(official.getSubscriptionData().getTagsSet()).containsExactly("TagB");
        assertThat(official.getFilterData()).isEqualTo("null");
    }

    @Test
    void queryCq_forASql92Group_answersItsFilterAsJson_andForAnOfflineGroupASentence() {
        assertThat(QueryConsumeQueueResponseBody.decode(queryCq(0, 1, GROUP.value()).body(),
                QueryConsumeQueueResponseBody.class).getFilterData()).isEqualTo("CG@Orders is not online!");

        subscribe(new Subscription(new TopicName(TOPIC), "a > 5", Set.of(), Set.of(), 9, ExpressionType.SQL92));
        RemotingCommand response = queryCq(0, 1, GROUP.value());

        assertThat(new String(response.body(), StandardCharsets.UTF_8)).startsWith("{\"filterData\":"
                + "\"{\\\"clientVersion\\\":9,\\\"consumerGroup\\\":\\\"CG\\\",\\\"expression\\\":\\\"a > 5\\\","
                + "\\\"expressionType\\\":\\\"SQL92\\\",\\\"topic\\\":\\\"Orders\\\"}\",\"maxQueueIndex\":2,");
    }

    @Test
    void statsAll_answersTheMinuteHourAndDay_inFastjsonsKeyOrder() {
        broker.statistics.recordPut(TOPIC, 3, 300);
        broker.clock.advanceMillis(60_000);
        broker.statistics.sample();
        TrafficStats.Figures figures = new ViewBrokerStats(broker.statistics)
                .view(new ViewBrokerStats.Query("TOPIC_PUT_NUMS", TOPIC)).orElseThrow();

        RemotingCommand response = call(statsAll, RemotingCommand.request(RequestCode.VIEW_BROKER_STATS_DATA)
                .extField("statsName", "TOPIC_PUT_NUMS").extField("statsKey", TOPIC));

        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("{\"statsDay\":" + window(figures.day())
                + ",\"statsHour\":" + window(figures.hour()) + ",\"statsMinute\":" + window(figures.minute()) + "}");
        BrokerStatsData official = BrokerStatsData.decode(response.body(), BrokerStatsData.class);
        assertThat(official.getStatsMinute().getSum()).isEqualTo(figures.minute().sum());
        assertThat(official.getStatsDay().getAvgpt()).isEqualTo(figures.day().avgpt());
    }

    @Test
    void statsAll_ofAKeyWithNothingRecorded_isASystemErrorNamingIt() {
        RemotingCommand response = call(statsAll, RemotingCommand.request(RequestCode.VIEW_BROKER_STATS_DATA)
                .extField("statsName", "TOPIC_PUT_NUMS").extField("statsKey", "Nope"));

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("The stats <TOPIC_PUT_NUMS> <Nope> not exist");
    }

    private static String window(TrafficStats.Window window) {
        return "{\"avgpt\":" + window.avgpt() + ",\"sum\":" + window.sum() + ",\"tps\":" + window.tps() + "}";
    }
}
