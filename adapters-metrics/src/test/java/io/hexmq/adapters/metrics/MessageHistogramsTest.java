package io.hexmq.adapters.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.topic.TopicName;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

class MessageHistogramsTest {

    private static final TopicName TOPIC = new TopicName("Orders");

    private final PrometheusMeterRegistry registry = Registries.prometheus("node_type", "broker");
    private final MessageHistograms histograms = new MessageHistograms(registry);

    @Test
    void messageSizes_fallIntoRocketMqsBuckets_byTopicAndMessageType() {
        histograms.stored(TOPIC, MessageType.NORMAL, 900);
        histograms.stored(TOPIC, MessageType.NORMAL, 5000);
        histograms.stored(TOPIC, MessageType.FIFO, 2048);

        String normal = "is_system=\"false\",message_type=\"normal\",node_type=\"broker\",topic=\"Orders\"";
        assertThat(registry.scrape())
                .contains("rocketmq_message_size_bucket{" + normal + ",le=\"1024.0\"} 1")
                .contains("rocketmq_message_size_bucket{" + normal + ",le=\"4096.0\"} 1")
                .contains("rocketmq_message_size_bucket{" + normal + ",le=\"524288.0\"} 2")
                .contains("rocketmq_message_size_bucket{" + normal + ",le=\"4194304.0\"} 2")
                .contains("rocketmq_message_size_count{" + normal + "} 2")
                .contains("rocketmq_message_size_sum{" + normal + "} 5900.0")
                .contains("rocketmq_message_size_count{is_system=\"false\",message_type=\"fifo\"");
    }

    @Test
    void commitLatencies_fallIntoRocketMqsBucketsInSeconds_byTopic() {
        histograms.committed(TOPIC, 3);
        histograms.committed(TOPIC, 4000);

        String topic = "node_type=\"broker\",topic=\"Orders\"";
        assertThat(registry.scrape())
                .contains("rocketmq_finish_message_latency_bucket{" + topic + ",le=\"5.0\"} 1")
                .contains("rocketmq_finish_message_latency_bucket{" + topic + ",le=\"3600.0\"} 1")
                .contains("rocketmq_finish_message_latency_bucket{" + topic + ",le=\"43200.0\"} 2")
                .contains("rocketmq_finish_message_latency_count{" + topic + "} 2");
    }
}
