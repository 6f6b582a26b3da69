package io.hexmq.remoting.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.admin.TopicOffset;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.BrokerStatsData;
import org.apache.rocketmq.remoting.protocol.body.BrokerStatsItem;
import org.apache.rocketmq.remoting.protocol.body.ConsumeQueueData;
import org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;
import org.apache.rocketmq.remoting.protocol.body.QueryConsumeQueueResponseBody;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

/**
 * The admin bodies the broker writes and the SDK reads ({@link StatsJson}, {@link AdminJson}) against the
 * official classes, in both directions.
 */
class OfficialAdminBodiesTest {

    private static final ConsumerJson.Queue QUEUE = new ConsumerJson.Queue("Orders", "broker-a", 1);
    private static final MessageQueue OFFICIAL_QUEUE = new MessageQueue("Orders", "broker-a", 1);

    private static ConsumeStats officialConsumeStats(double tps) {
        OffsetWrapper wrapper = new OffsetWrapper();
        wrapper.setBrokerOffset(9);
        wrapper.setConsumerOffset(5);
        wrapper.setPullOffset(7);
        wrapper.setLastTimestamp(1_700_000_000_000L);
        ConsumeStats stats = new ConsumeStats();
        stats.getOffsetTable().put(OFFICIAL_QUEUE, wrapper);
        stats.setConsumeTps(tps);
        return stats;
    }

    @Test
    void brokerStats_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        StatsJson.BrokerStats ours = new StatsJson.BrokerStats(new StatsJson.Window(6, 0.1, 2.0),
                new StatsJson.Window(60, 0.01, 3.0), new StatsJson.Window(600, 0.001, 4.5));

        BrokerStatsData decoded = BrokerStatsData.decode(StatsJson.brokerStats(ours), BrokerStatsData.class);

        assertThat(decoded.getStatsMinute().getSum()).isEqualTo(6);
        assertThat(decoded.getStatsHour().getTps()).isEqualTo(0.01);
        assertThat(decoded.getStatsDay().getAvgpt()).isEqualTo(4.5);
        assertThat(StatsJson.readBrokerStats(decoded.encode())).isEqualTo(ours);
    }

    @Test
    void brokerStats_withoutAWindow_readsItAsZeros() {
        BrokerStatsData official = new BrokerStatsData();
        official.setStatsMinute(new BrokerStatsItem());
        official.getStatsMinute().setSum(3);

        StatsJson.BrokerStats read = StatsJson.readBrokerStats(official.encode());

        assertThat(read.minute()).isEqualTo(new StatsJson.Window(3, 0, 0));
        assertThat(read.day()).isEqualTo(new StatsJson.Window(0, 0, 0));
    }

    @Test
    void topicStatsTable_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        byte[] ours = StatsJson.topicStatsTable(Map.of(QUEUE, new StatsJson.QueueOffsets(2, 9, 1_700_000_000_000L)));

        TopicOffset decoded = TopicStatsTable.decode(ours, TopicStatsTable.class).getOffsetTable().get(OFFICIAL_QUEUE);

        assertThat(decoded.getMinOffset()).isEqualTo(2);
        assertThat(decoded.getMaxOffset()).isEqualTo(9);
        assertThat(decoded.getLastUpdateTimestamp()).isEqualTo(1_700_000_000_000L);
        TopicStatsTable official = new TopicStatsTable();
        official.setOffsetTable(new HashMap<>(Map.of(OFFICIAL_QUEUE, decoded)));
        assertThat(StatsJson.readTopicStatsTable(official.encode()))
                .containsExactly(Map.entry(QUEUE, new StatsJson.QueueOffsets(2, 9, 1_700_000_000_000L)));
    }

    @Test
    void consumeStats_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        StatsJson.ConsumeStats ours = new StatsJson.ConsumeStats(
                Map.of(QUEUE, new StatsJson.QueueProgress(9, 5, 7, 1_700_000_000_000L)), 0.5);

        ConsumeStats decoded = ConsumeStats.decode(StatsJson.consumeStats(ours), ConsumeStats.class);

        assertThat(decoded.getConsumeTps()).isEqualTo(0.5);
        assertThat(decoded.computeTotalDiff()).isEqualTo(4);
        assertThat(decoded.getOffsetTable().get(OFFICIAL_QUEUE).getPullOffset()).isEqualTo(7);
        assertThat(StatsJson.readConsumeStats(officialConsumeStats(0.5).encode())).isEqualTo(ours);
    }

    @Test
    void consumeStatsList_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        StatsJson.ConsumeStats stats = new StatsJson.ConsumeStats(
                Map.of(QUEUE, new StatsJson.QueueProgress(9, 5, 7, 1_700_000_000_000L)), 2.0);
        StatsJson.ConsumeStatsList ours = new StatsJson.ConsumeStatsList("10.0.0.1:10911",
                List.of(new StatsJson.GroupStats("CG", List.of(stats))), 4, 1);

        ConsumeStatsList decoded = ConsumeStatsList.decode(StatsJson.consumeStatsList(ours), ConsumeStatsList.class);

        assertThat(decoded.getBrokerAddr()).isEqualTo("10.0.0.1:10911");
        assertThat(decoded.getTotalDiff()).isEqualTo(4);
        assertThat(decoded.getTotalInflightDiff()).isEqualTo(1);
        assertThat(decoded.getConsumeStatsList()).singleElement()
                .satisfies(entry -> assertThat(entry.get("CG")).singleElement()
                        .satisfies(official -> assertThat(official.getConsumeTps()).isEqualTo(2.0)));
        ConsumeStatsList official = new ConsumeStatsList();
        official.setBrokerAddr("10.0.0.1:10911");
        official.setTotalDiff(4);
        official.setTotalInflightDiff(1);
        official.setConsumeStatsList(new ArrayList<>(List.of(Map.of("CG", List.of(officialConsumeStats(2.0))))));
        assertThat(StatsJson.readConsumeStatsList(official.encode())).isEqualTo(ours);
    }

    @Test
    void consumeStatsList_withoutTotals_readsThemAsZero() {
        StatsJson.ConsumeStatsList read = StatsJson.readConsumeStatsList(
                "{\"brokerAddr\":\"h:1\",\"consumeStatsList\":[]}".getBytes(StandardCharsets.UTF_8));

        assertThat(read).isEqualTo(new StatsJson.ConsumeStatsList("h:1", List.of(), 0, 0));
    }

    @Test
    void haRuntimeInfo_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        HARuntimeInfo decoded = HARuntimeInfo.decode(AdminJson.haRuntimeInfo(new AdminJson.HaRuntime(true, 4096, 0)),
                HARuntimeInfo.class);

        assertThat(decoded.isMaster()).isTrue();
        assertThat(decoded.getMasterCommitLogMaxOffset()).isEqualTo(4096);
        assertThat(decoded.getHaConnectionInfo()).isEmpty();
        assertThat(decoded.getHaClientRuntimeInfo().getMasterFlushOffset()).isZero();
        decoded.setInSyncSlaveNums(2);
        assertThat(AdminJson.readHaRuntimeInfo(decoded.encode())).isEqualTo(new AdminJson.HaRuntime(true, 4096, 2));
    }

    @Test
    void consumeQueueAnswer_isWhatTheOfficialAdminDecodes_andReadsWhatTheOfficialBrokerEncodes() {
        ConsumerJson.Subscription subscription = new ConsumerJson.Subscription("Orders", "TagA", List.of("TagA"),
                List.of(2598919), 7, "TAG");
        AdminJson.ConsumeQueueAnswer ours = new AdminJson.ConsumeQueueAnswer(Optional.of("null"), 0, 2,
                List.of(new AdminJson.ConsumeQueueEntry(111, 109, 2598919)), Optional.of(subscription));

        QueryConsumeQueueResponseBody decoded = QueryConsumeQueueResponseBody.decode(
                AdminJson.consumeQueueAnswer(ours), QueryConsumeQueueResponseBody.class);

        assertThat(decoded.getMaxQueueIndex()).isEqualTo(2);
        assertThat(decoded.getFilterData()).isEqualTo("null");
        ConsumeQueueData entry = decoded.getQueueData().get(0);
        assertThat(entry.getPhysicOffset()).isEqualTo(111);
        assertThat(entry.getPhysicSize()).isEqualTo(109);
        assertThat(entry.getTagsCode()).isEqualTo(2598919);
        SubscriptionData official = decoded.getSubscriptionData();
        assertThat(official.getSubString()).isEqualTo("TagA");
        assertThat(AdminJson.readConsumeQueueAnswer(decoded.encode())).isEqualTo(ours);
    }

    @Test
    void consumeQueueAnswer_withoutAGroup_hasNeitherFilterDataNorSubscription() {
        AdminJson.ConsumeQueueAnswer ours = new AdminJson.ConsumeQueueAnswer(Optional.empty(), 3, 5, List.of(),
                Optional.empty());

        assertThat(new String(AdminJson.consumeQueueAnswer(ours), StandardCharsets.UTF_8))
                .isEqualTo("{\"maxQueueIndex\":5,\"minQueueIndex\":3,\"queueData\":[]}");
        assertThat(AdminJson.readConsumeQueueAnswer(AdminJson.consumeQueueAnswer(ours))).isEqualTo(ours);
    }

    @Test
    void aBodyThatIsNotTheirs_failsAsAnInvalidBody() {
        byte[] notJson = "no".getBytes(StandardCharsets.UTF_8);
        byte[] wrongTypes = "{\"statsMinute\":{\"sum\":\"many\"},\"queueData\":[1],\"master\":{}}"
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> StatsJson.readBrokerStats(wrongTypes)).isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> AdminJson.readConsumeQueueAnswer(wrongTypes)).isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> AdminJson.readHaRuntimeInfo(wrongTypes)).isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> StatsJson.readConsumeStatsList(notJson)).isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> StatsJson.readConsumeStats(notJson)).isInstanceOf(InvalidBodyException.class);
        assertThatThrownBy(() -> StatsJson.readTopicStatsTable(notJson)).isInstanceOf(InvalidBodyException.class);
    }
}
