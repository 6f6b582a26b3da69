package io.hexmq.adapters.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.application.broker.BrokerStatistics;
import io.hexmq.application.broker.TestBroker;
import io.hexmq.application.consumer.CommitConsumerOffset;
import io.hexmq.application.consumer.RecordHeartbeat;
import io.hexmq.application.fakes.InMemoryPopStateStore;
import io.hexmq.application.message.TimerCounts;
import io.hexmq.application.metrics.CountClientConnections;
import io.hexmq.application.metrics.MeasureConsumerLag;
import io.hexmq.application.pop.PopLedger;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.consumer.ClientId;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.metrics.RequestOutcome;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.topic.Permission;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BrokerMetricsTest {

    private static final TopicName TOPIC = new TopicName("Orders");
    private static final GroupName GROUP = new GroupName("Billing");
    private static final String NODE = "cluster=\"DefaultCluster\",";

    private final TestBroker broker = new TestBroker();
    private final BrokerStatistics statistics = new BrokerStatistics(broker.clock, ZoneOffset.UTC);
    private final BrokerMetrics metrics = new BrokerMetrics("DefaultCluster", "broker-a", new BrokerSources(
            statistics.traffic(),
            new MeasureConsumerLag(broker.getBrokerConsumeStats, broker.messageStore, broker.clock),
            new CountClientConnections(broker.producers, broker.consumers),
            () -> 3, () -> 7, () -> 4096, () -> 0.25, () -> 6, Map.of("send", () -> 12, "pull", () -> 0),
            broker.outcomes, new TimerCounts(), new PopLedger(new PopCheckpoints(List.of()), new InMemoryPopStateStore(),
                    broker.offsets), broker.clock),
            Integer::toString, Integer::toString);

    BrokerMetricsTest() {
        broker.topics.put(TopicConfig.of(TOPIC, 1, 1, Permission.READ_WRITE), TestBroker.START, ignored -> { });
    }

    @Test
    void messagesAndBytesInAndOut_areTheTrafficCountersRunningTotals() {
        statistics.recordPut("Orders", 3, 300);
        statistics.recordGet(new TopicGroup(TOPIC, GROUP), 2, 200);

        String text = metrics.scrape();

        String in = "{" + NODE + "is_system=\"false\",node_id=\"broker-a\",node_type=\"broker\",topic=\"Orders\"}";
        assertThat(text).contains("rocketmq_messages_in_total" + in + " 3.0")
                .contains("rocketmq_throughput_in_total" + in + " 300.0")
                .contains("rocketmq_messages_out_total{" + NODE + "consumer_group=\"Billing\",is_retry=\"false\","
                        + "is_system=\"false\",node_id=\"broker-a\",node_type=\"broker\",topic=\"Orders\"} 2.0")
                .contains("rocketmq_throughput_out_total{" + NODE + "consumer_group=\"Billing\"");

        statistics.recordPut("Orders", 1, 10);
        assertThat(metrics.scrape()).contains("rocketmq_messages_in_total" + in + " 4.0");
    }

    @Test
    void lagAndInflight_areComputedFromOffsetsAtTheScrape() {
        for (int i = 0; i < 5; i++) {
            broker.messageStore.append(Message.builder(TOPIC.value(), 0, new byte[] {1}).build());
        }
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, TOPIC, 0, 1));
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 3);

        String group = "{" + NODE + "consumer_group=\"Billing\",is_retry=\"false\",is_system=\"false\","
                + "node_id=\"broker-a\",node_type=\"broker\",topic=\"Orders\"}";
        assertThat(metrics.scrape()).contains("rocketmq_consumer_lag_messages" + group + " 4.0")
                .contains("rocketmq_consumer_inflight_messages" + group + " 2.0")
                .contains("rocketmq_consumer_ready_messages" + group + " 2.0");

        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, TOPIC, 0, 5));
        assertThat(metrics.scrape()).contains("rocketmq_consumer_lag_messages" + group + " 0.0");
    }

    @Test
    void lagAndQueueingLatencies_areHowLongTheOldestUncommittedAndUnfetchedMessagesWaited() {
        broker.messageStore.append(Message.builder(TOPIC.value(), 0, new byte[] {1}).build());
        broker.clock.advanceMillis(2_000);
        broker.messageStore.append(Message.builder(TOPIC.value(), 0, new byte[] {2}).build());
        broker.commitConsumerOffset.commit(new CommitConsumerOffset.Command(GROUP, TOPIC, 0, 0));
        broker.offsets.recordPull(new TopicGroup(TOPIC, GROUP), 0, 1);
        broker.clock.advanceMillis(500);

        String group = "{" + NODE + "consumer_group=\"Billing\",is_retry=\"false\",is_system=\"false\","
                + "node_id=\"broker-a\",node_type=\"broker\",topic=\"Orders\"}";
        assertThat(metrics.scrape()).contains("rocketmq_consumer_lag_latency" + group + " 2500.0")
                .contains("rocketmq_consumer_queueing_latency" + group + " 500.0");
    }

    @Test
    void deadLettersCommitsAndRollbacks_areTheOutcomesCountedAsTheyWereStored() {
        broker.outcomes.deadLettered(GROUP, TOPIC);
        broker.outcomes.deadLettered(GROUP, TOPIC);
        broker.outcomes.committed(TOPIC);
        broker.outcomes.rolledBack(TOPIC);

        String node = NODE + "node_id=\"broker-a\",node_type=\"broker\"";
        assertThat(metrics.scrape())
                .contains("rocketmq_send_to_dlq_messages_total{" + NODE + "consumer_group=\"Billing\","
                        + "is_system=\"false\",node_id=\"broker-a\",node_type=\"broker\",topic=\"Orders\"} 2.0")
                .contains("rocketmq_commit_messages_total{" + node + ",topic=\"Orders\"} 1.0")
                .contains("rocketmq_rollback_messages_total{" + node + ",topic=\"Orders\"} 1.0");

        broker.outcomes.committed(TOPIC);
        assertThat(metrics.scrape()).contains("rocketmq_commit_messages_total{" + node + ",topic=\"Orders\"} 2.0");
    }

    @Test
    void processorWatermarksAndBrokerPermission_areReadAtTheScrape() {
        String node = NODE + "node_id=\"broker-a\",node_type=\"broker\"";
        assertThat(metrics.scrape())
                .contains("rocketmq_processor_watermark{" + node + ",processor=\"send\"} 12.0")
                .contains("rocketmq_processor_watermark{" + node + ",processor=\"pull\"} 0.0")
                .contains("rocketmq_broker_permission{" + node + "} 6.0");
    }

    @Test
    void connectionsTopicsGroupsAndStorage_areReadAtTheScrape() {
        broker.recordHeartbeat.record(new RecordHeartbeat.Command(new ConnectionId("p1"), new ClientId("p1@1"),
                "JAVA", 401, List.of(), Set.of(new GroupName("PG"))));

        assertThat(metrics.scrape())
                .contains("rocketmq_producer_connections{" + NODE + "language=\"java\",node_id=\"broker-a\","
                        + "node_type=\"broker\",protocol_type=\"remoting\",version=\"401\"} 1.0")
                .contains("rocketmq_topic_number{" + NODE + "node_id=\"broker-a\",node_type=\"broker\"} 3.0")
                .contains("rocketmq_consumer_group_number{" + NODE + "node_id=\"broker-a\",node_type=\"broker\"} 7.0")
                .contains("rocketmq_storage_size{" + NODE + "node_id=\"broker-a\",node_type=\"broker\","
                        + "storage_medium=\"disk\",storage_type=\"local\"} 4096.0")
                .contains("rocketmq_storage_disk_ratio{" + NODE + "node_id=\"broker-a\",node_type=\"broker\","
                        + "storage_medium=\"disk\",storage_type=\"local\"} 0.25");
    }

    @Test
    void requestTimings_landInTheSameScrape() {
        metrics.requestTimings().record(10, 0, RequestOutcome.ANSWERED, 1_500_000);

        assertThat(metrics.scrape()).contains("rocketmq_rpc_latency_count{" + NODE + "node_id=\"broker-a\","
                + "node_type=\"broker\",protocol_type=\"remoting\",request_code=\"10\",response_code=\"0\","
                + "result=\"success\"} 1");
    }
}
