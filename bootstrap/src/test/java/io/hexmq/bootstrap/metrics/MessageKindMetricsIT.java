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
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics of RocketMQ 5.x that a scrape shows for messages of each kind, against a standalone node with
 * {@code metricsExporterType=PROM}: the official client sends a normal, a timer and a transactional message, and
 * the broker's {@code /metrics}, read by the strict text-format parser, shows their sizes, the timer's way through
 * the scheduler and the transaction's commit.
 */
class MessageKindMetricsIT {

    private static final String TOPIC = "KindsTopic";

    @TempDir
    Path dataDir;

    private StandaloneNode node;
    private final MetricsEndpoints endpoints = new MetricsEndpoints();

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    private PrometheusText scrape() {
        return endpoints.scrapeQuietly(node.broker().metricsPort().orElseThrow());
    }

    @Test
    void sizesTimerAndTransactionMetrics_showWhatTheOfficialClientSent() throws Exception {
        node = StandaloneWithSettings.start(dataDir, MetricsEndpoints.PROM);
        String nameServer = "127.0.0.1:" + node.nameServer().address().port();
        String broker = "127.0.0.1:" + node.broker().address().port();
        try (OfficialClients clients = new OfficialClients(nameServer)) {
            DefaultMQProducer producer = clients.producer("KindsProducers");
            clients.createTopic(producer, broker, TOPIC, 1);
            assertThat(producer.send(new Message(TOPIC, "TagA", "normal".getBytes(StandardCharsets.UTF_8)))
                    .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            Message timer = new Message(TOPIC, "TagA", "timer".getBytes(StandardCharsets.UTF_8));
            timer.setDeliverTimeMs(System.currentTimeMillis() + 1_000);
            assertThat(producer.send(timer).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            TransactionMQProducer transactions = clients.transactionProducer("KindsTransactions", committing());
            assertThat(transactions.sendMessageInTransaction(new Message(TOPIC, "TagA",
                    "transaction".getBytes(StandardCharsets.UTF_8)), null).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);

            Map<String, String> topic = Map.of("topic", TOPIC);
            Await.until("the timer message is delivered when due",
                    () -> scrape().matching("rocketmq_timer_dequeue_total", topic).stream()
                            .anyMatch(sample -> sample.value() == 1));
            Await.until("the transaction's commit is recorded",
                    () -> scrape().matching("rocketmq_finish_message_latency_count", topic).stream()
                            .anyMatch(sample -> sample.value() == 1));
            PrometheusText text = scrape();

            for (String kind : new String[] {"normal", "delay", "transaction"}) {
                Map<String, String> sizes = Map.of("topic", TOPIC, "message_type", kind, "is_system", "false");
                assertThat(text.value("rocketmq_message_size_count", sizes)).as(kind).isEqualTo(1);
                assertThat(text.value("rocketmq_message_size_bucket", Map.of("topic", TOPIC, "message_type", kind,
                        "le", "1024.0"))).as(kind + ": under 1 KiB").isEqualTo(1);
            }
            assertThat(text.value("rocketmq_timer_enqueue_total", topic)).isEqualTo(1);
            assertThat(text.value("rocketmq_timing_messages", topic)).as("none waits any more").isZero();
            assertThat(text.value("rocketmq_timer_dequeue_latency", Map.of("storage_type", "local"))).isZero();
            assertThat(text.value("rocketmq_finish_message_latency_bucket", Map.of("topic", TOPIC, "le", "5.0")))
                    .as("committed within seconds of its birth").isEqualTo(1);
            assertThat(text.value("rocketmq_pop_checkpoint_buffer_size", Map.of())).as("no POP in flight").isZero();
            assertThat(text.value("rocketmq_pop_revive_latency", Map.of("queue_id", "0"))).isZero();
        }
    }

    private static TransactionListener committing() {
        return new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }
        };
    }
}
