package io.hexmq.adapters.metrics;

import io.hexmq.domain.metrics.MessageType;
import io.hexmq.domain.metrics.port.MessageSizes;
import io.hexmq.domain.metrics.port.TransactionLatencies;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * RocketMQ 5.x's two per-event histograms on the broker: {@code rocketmq_message_size} (bytes of each message
 * stored for a producer, by {@code topic}, {@code message_type} and {@code is_system}) and
 * {@code rocketmq_finish_message_latency} (whole seconds from a transaction's half message's birth to its commit,
 * by {@code topic}), each in RocketMQ's buckets.
 *
 * <p>On the send path a recording finds its histogram with one hash lookup by the topic's name, which allocates
 * nothing, and an array index by message type; only the first message of a new topic builds its meters. The
 * recording itself is Micrometer's atomic additions. The broker gets it from {@link BrokerMetrics#histograms()};
 * {@link #ofItsOwn()} is for measuring the send path with it, without a broker.
 */
public final class MessageHistograms implements MessageSizes, TransactionLatencies {

    static final String MESSAGE_SIZE = "rocketmq_message_size";
    static final String FINISH_MESSAGE_LATENCY = "rocketmq_finish_message_latency";
    /** RocketMQ's size buckets: 1 KiB, 4 KiB, 512 KiB, 1 MiB, 2 MiB, 4 MiB. */
    private static final double[] SIZE_BUCKETS = {1024, 4096, 512 * 1024, 1024 * 1024, 2 * 1024 * 1024,
            4 * 1024 * 1024};
    /** RocketMQ's commit-latency buckets, in seconds: 5 s, 1 min, 10 min, 1 h, 12 h, 24 h. */
    private static final double[] FINISH_BUCKETS_SECONDS = {5, 60, 600, 3600, 43200, 86400};
    private static final MessageType[] TYPES = MessageType.values();

    private final MeterRegistry registry;
    private final ConcurrentMap<TopicName, DistributionSummary[]> sizes = new ConcurrentHashMap<>();
    private final ConcurrentMap<TopicName, DistributionSummary> finishes = new ConcurrentHashMap<>();

    MessageHistograms(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** Histograms in a registry of their own, nobody scraping: what the send benchmark records into. */
    public static MessageHistograms ofItsOwn() {
        return new MessageHistograms(Registries.prometheus());
    }

    @Override
    public void stored(TopicName topic, MessageType type, int bytes) {
        DistributionSummary[] byType = sizes.get(topic);
        if (byType == null) {
            byType = sizes.computeIfAbsent(topic, this::sizeHistograms);
        }
        byType[type.ordinal()].record(bytes);
    }

    @Override
    public void committed(TopicName topic, long seconds) {
        finishes.computeIfAbsent(topic, t -> DistributionSummary.builder(FINISH_MESSAGE_LATENCY)
                .description("Transaction finish latency: seconds from the half message's birth to its commit")
                .tag(MetricNames.TOPIC, t.value())
                .serviceLevelObjectives(FINISH_BUCKETS_SECONDS)
                .register(registry)).record(seconds);
    }

    private DistributionSummary[] sizeHistograms(TopicName topic) {
        DistributionSummary[] byType = new DistributionSummary[TYPES.length];
        for (MessageType type : TYPES) {
            byType[type.ordinal()] = DistributionSummary.builder(MESSAGE_SIZE)
                    .description("Bytes of each message stored for a producer")
                    .tag(MetricNames.TOPIC, topic.value())
                    .tag(MetricNames.MESSAGE_TYPE, type.label())
                    .tag(MetricNames.IS_SYSTEM, Boolean.toString(SystemTopics.isFixedSystemTopic(topic)))
                    .serviceLevelObjectives(SIZE_BUCKETS)
                    .register(registry);
        }
        return byType;
    }
}
