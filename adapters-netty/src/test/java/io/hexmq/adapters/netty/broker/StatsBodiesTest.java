package io.hexmq.adapters.netty.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.consumer.GetBrokerConsumeStats;
import io.hexmq.application.consumer.GetConsumeStats;
import io.hexmq.application.topic.GetTopicStats;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.MessageQueue;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.topic.TopicName;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statistics bodies byte for byte: fastjson's object keys for the queues, and the key order of each value as
 * RocketMQ's broker writes it (alphabetical, but for an OffsetWrapper's, which follows its fields).
 */
class StatsBodiesTest {

    private static final String QUEUE = "{\"brokerName\":\"broker-a\",\"queueId\":1,\"topic\":\"Orders\"}";

    private static MessageQueue queue() {
        return new MessageQueue(new TopicName("Orders"), new BrokerName("broker-a"), 1);
    }

    private static List<GetConsumeStats.QueueStats> progress() {
        return List.of(new GetConsumeStats.QueueStats(queue(), 9, 5, 7, 1_700_000_000_000L));
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Test
    void topicStatsTable_keysEachQueueByItsObject_withItsBoundsAndLastStoreTime() {
        byte[] body = AdminBodies.topicStatsTable(List.of(new GetTopicStats.QueueStats(queue(), 2, 9, 1_700_000_000_000L)));

        assertThat(text(body)).isEqualTo("{\"offsetTable\":{" + QUEUE
                + ":{\"lastUpdateTimestamp\":1700000000000,\"maxOffset\":9,\"minOffset\":2}}}");
    }

    @Test
    void consumeStats_putsTheRateFirst_andEachQueuesOffsetsInTheOrderOfTheOfficialFields() {
        assertThat(text(AdminBodies.consumeStats(progress(), 0.5))).isEqualTo("{\"consumeTps\":0.5,\"offsetTable\":{"
                + QUEUE + ":{\"brokerOffset\":9,\"consumerOffset\":5,\"pullOffset\":7,\"lastTimestamp\":1700000000000}}}");
    }

    @Test
    void consumeStatsList_holdsOneSingleEntryMapPerGroup_thenTheTotals() {
        GetBrokerConsumeStats.Result stats = new GetBrokerConsumeStats.Result(List.of(new GetBrokerConsumeStats.GroupStats(
                new GroupName("CG"), List.of(new GetBrokerConsumeStats.TopicStats(new TopicName("Orders"), progress(), 2.0)))),
                4, 2);

        assertThat(text(AdminBodies.consumeStatsList(new BrokerAddress("10.0.0.1:10911"), stats))).isEqualTo(
                "{\"brokerAddr\":\"10.0.0.1:10911\",\"consumeStatsList\":[{\"CG\":[{\"consumeTps\":2.0,\"offsetTable\":{"
                        + QUEUE + ":{\"brokerOffset\":9,\"consumerOffset\":5,\"pullOffset\":7,\"lastTimestamp\":1700000000000}}}"
                        + "]}],\"totalDiff\":4,\"totalInflightDiff\":2}");
    }
}
