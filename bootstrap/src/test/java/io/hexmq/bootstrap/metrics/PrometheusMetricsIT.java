package io.hexmq.bootstrap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.bootstrap.Await;
import io.hexmq.bootstrap.StandaloneNode;
import io.hexmq.bootstrap.compat.OfficialClients;
import io.hexmq.bootstrap.security.StandaloneWithSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A standalone node with {@code metricsExporterType=PROM} on both its NameServer and its broker, each on an
 * ephemeral port: the official 5.x client sends and consumes, and each {@code /metrics} scrape, read by a strict
 * text-format parser, shows the numbers the node really holds.
 */
class PrometheusMetricsIT {

    private static final String TOPIC = "MetricsTopic";
    private static final String GROUP = "MetricsConsumers";

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final MetricsEndpoints endpoints = new MetricsEndpoints();

    private StandaloneNode start() throws Exception {
        return StandaloneWithSettings.start(dataDir, MetricsEndpoints.PROM);
    }

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    private PrometheusText scrape(int port) throws Exception {
        return endpoints.scrape(port);
    }

    private static void send(DefaultMQProducer producer, int count) throws Exception {
        for (int i = 0; i < count; i++) {
            assertThat(producer.send(new Message(TOPIC, "TagA", ("metrics " + i).getBytes(StandardCharsets.UTF_8)))
                    .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
    }

    @Test
    void brokerScrape_countsWhatWasSentAndConsumed_andLagIsWhatIsUncommitted() throws Exception {
        node = start();
        String nameServer = "127.0.0.1:" + node.nameServer().address().port();
        String broker = "127.0.0.1:" + node.broker().address().port();
        int brokerMetrics = node.broker().metricsPort().orElseThrow();
        try (OfficialClients clients = new OfficialClients(nameServer)) {
            DefaultMQProducer producer = clients.producer("MetricsProducers");
            clients.createTopic(producer, broker, TOPIC, 1);
            send(producer, 10);
            clients.consumeAndCommit(TOPIC, GROUP, 10);
            Await.until("the group's commit reaches the broker", () -> committed(producer, broker) == 10);
            send(producer, 5);
            Map<String, String> group = Map.of("topic", TOPIC, "consumer_group", GROUP);
            // The consumer goes on pulling (and does not commit): the last five are fetched, in flight.
            Await.until("the consumer fetches the last five", () -> scrapeQuietly(brokerMetrics)
                    .value("rocketmq_messages_out_total", group) == 15);

            PrometheusText text = scrape(brokerMetrics);

            Map<String, String> topic = Map.of("topic", TOPIC);
            assertThat(text.value("rocketmq_messages_in_total", topic)).isEqualTo(15);
            assertThat(text.value("rocketmq_throughput_in_total", topic)).isGreaterThan(15 * "metrics 0".length());
            assertThat(text.value("rocketmq_consumer_lag_messages", group)).as("sent and not committed").isEqualTo(5);
            assertThat(text.value("rocketmq_consumer_inflight_messages", group)).as("fetched, not committed")
                    .isEqualTo(5);
            assertThat(text.value("rocketmq_consumer_ready_messages", group)).as("not fetched").isZero();
            assertThat(text.value("rocketmq_consumer_lag_latency", group)).as("the oldest uncommitted waited")
                    .isPositive();
            assertThat(text.value("rocketmq_consumer_queueing_latency", group)).as("nothing waits to be fetched")
                    .isZero();
            assertThat(text.value("rocketmq_broker_permission", Map.of())).as("read and write").isEqualTo(6);
            assertThat(text.matching("rocketmq_processor_watermark", Map.of()))
                    .extracting(sample -> sample.labels().get("processor")).contains("send", "pull", "admin");
            Map<String, String> sends = Map.of("request_code", "send_message_v2", "response_code", "success",
                    "result", "success");
            assertThat(text.value("rocketmq_rpc_latency_count", sends)).isEqualTo(15);
            assertThat(text.value("rocketmq_rpc_latency_bucket", Map.of("request_code", "send_message_v2",
                    "response_code", "success", "le", "+Inf"))).isEqualTo(15);
            assertThat(text.matching("rocketmq_rpc_latency_count", Map.of("request_code", "lite_pull_message")))
                    .as("the lite pull consumer pulls with LITE_PULL_MESSAGE").isNotEmpty();
            assertThat(text.value("rocketmq_producer_connections", Map.of("language", "java"))).isGreaterThanOrEqualTo(1);
            assertThat(text.value("rocketmq_consumer_connections", Map.of("consumer_group", GROUP,
                    "consume_mode", "pull"))).isEqualTo(1);
            assertThat(text.value("rocketmq_topic_number", Map.of())).isGreaterThanOrEqualTo(1);
            assertThat(text.value("rocketmq_storage_size", Map.of("storage_type", "local"))).isPositive();
            assertThat(text.value("rocketmq_storage_disk_ratio", Map.of())).isBetween(0.0, 1.0);
            assertThat(text.matching("rocketmq_messages_in_total", topic)).singleElement().satisfies(sample ->
                    assertThat(sample.labels()).containsEntry("cluster", node.broker().config().settings()
                            .brokerClusterName().value()).containsEntry("node_type", "broker")
                            .containsEntry("node_id", node.broker().config().settings().brokerName().value()));
        }
    }

    @Test
    void nameServerScrape_showsTheRegisteredBroker_theRoutedTopics_andItsRequests() throws Exception {
        node = start();
        PrometheusText text = scrape(node.nameServer().metricsPort().orElseThrow());

        String cluster = node.broker().config().settings().brokerClusterName().value();
        assertThat(text.value("rocketmq_namesrv_brokers", Map.of("cluster", cluster, "node_type", "namesrv")))
                .isEqualTo(1);
        assertThat(text.value("rocketmq_namesrv_topics", Map.of())).isPositive();
        assertThat(text.value("rocketmq_rpc_latency_count", Map.of("request_code", "register_broker",
                "result", "success"))).isGreaterThanOrEqualTo(1);
    }

    private PrometheusText scrapeQuietly(int port) {
        return endpoints.scrapeQuietly(port);
    }

    private static long committed(DefaultMQProducer producer, String broker) {
        try {
            return OfficialClients.committedOnBroker(producer, broker, GROUP, TOPIC, 1);
        } catch (Exception notYet) {
            return -1;
        }
    }
}
