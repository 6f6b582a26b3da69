package io.hexmq.adapters.metrics;

import static io.hexmq.adapters.metrics.MetricNames.CONSUMER_GROUP;
import static io.hexmq.adapters.metrics.MetricNames.IS_RETRY;
import static io.hexmq.adapters.metrics.MetricNames.IS_SYSTEM;
import static io.hexmq.adapters.metrics.MetricNames.TOPIC;

import io.hexmq.application.metrics.CountClientConnections;
import io.hexmq.application.metrics.MeasureConsumerLag;
import io.hexmq.domain.consumer.ConsumeType;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * The broker's metrics in Prometheus text format, read from what the broker already keeps: traffic by topic and
 * group from its statistics, lag and in-flight messages computed from offsets, connections from heartbeats, store
 * size and disk use, and the request latencies the dispatcher reports to {@link #requestTimings()}. Every figure
 * but the latencies is read at {@link #scrape()}; a scrape is the only thing that reads them.
 */
public final class BrokerMetrics {

    private final PrometheusMeterRegistry registry;
    private final BrokerSources sources;
    private final RequestLatencies latencies;
    private final MessageHistograms histograms;
    private final TimerMeters timers;
    private final PopMeters pops;
    private final Map<String, Totals> topicTotals = new HashMap<>();
    private final Map<TopicGroup, Totals> groupTotals = new HashMap<>();
    private final Map<TopicGroup, Totals> deadLettered = new HashMap<>();
    private final Map<TopicName, Totals> committed = new HashMap<>();
    private final Map<TopicName, Totals> rolledBack = new HashMap<>();
    private final MultiGauge lag;
    private final MultiGauge inflight;
    private final MultiGauge ready;
    private final MultiGauge lagLatency;
    private final MultiGauge queueingLatency;
    private final MultiGauge producers;
    private final MultiGauge consumers;

    /**
     * @param requestNames  the label of a request code ({@code send_message}); {@code responseNames} of a response code
     */
    public BrokerMetrics(String cluster, String brokerName, BrokerSources sources, IntFunction<String> requestNames,
                         IntFunction<String> responseNames) {
        this.sources = Objects.requireNonNull(sources, "sources");
        this.registry = Registries.prometheus(MetricNames.CLUSTER, cluster, MetricNames.NODE_TYPE, "broker",
                MetricNames.NODE_ID, brokerName);
        this.latencies = new RequestLatencies(registry, requestNames, responseNames);
        this.histograms = new MessageHistograms(registry);
        this.timers = new TimerMeters(registry, sources.timers(), sources.clock());
        this.pops = new PopMeters(registry, sources.pops(), sources.clock());
        lag = MultiGauge.builder(MetricNames.CONSUMER_LAG).description("Messages a group has not committed")
                .register(registry);
        inflight = MultiGauge.builder(MetricNames.CONSUMER_INFLIGHT)
                .description("Messages a group fetched and has not committed").register(registry);
        ready = MultiGauge.builder(MetricNames.CONSUMER_READY)
                .description("Messages a group has not fetched yet").register(registry);
        lagLatency = MultiGauge.builder(MetricNames.CONSUMER_LAG_LATENCY)
                .description("How long ago the oldest message a group has not committed was stored, in ms")
                .register(registry);
        queueingLatency = MultiGauge.builder(MetricNames.CONSUMER_QUEUEING_LATENCY)
                .description("How long ago the oldest message a group has not fetched was stored, in ms")
                .register(registry);
        producers = MultiGauge.builder(MetricNames.PRODUCER_CONNECTIONS).description("Producer connections")
                .register(registry);
        consumers = MultiGauge.builder(MetricNames.CONSUMER_CONNECTIONS).description("Consumer connections")
                .register(registry);
        sources.processorQueues().forEach((processor, queued) ->
                Gauge.builder(MetricNames.PROCESSOR_WATERMARK, queued::getAsLong).tag(MetricNames.PROCESSOR, processor)
                        .description("Requests waiting for a processor's threads").register(registry));
        Gauge.builder(MetricNames.BROKER_PERMISSION, sources.permission()::getAsInt)
                .description("The broker's permission bits (brokerPermission)").register(registry);
        Gauge.builder(MetricNames.TOPIC_NUMBER, sources.topics()::getAsInt).description("Topics on this broker")
                .register(registry);
        Gauge.builder(MetricNames.CONSUMER_GROUP_NUMBER, sources.groups()::getAsInt)
                .description("Subscription groups on this broker").register(registry);
        Tags local = MetricNames.LOCAL_DISK;
        Gauge.builder(MetricNames.STORAGE_SIZE, sources.storageSize()::getAsLong).tags(local)
                .description("Bytes the commit log holds").register(registry);
        Gauge.builder(MetricNames.STORAGE_DISK_RATIO, sources.diskRatio()::getAsDouble).tags(local)
                .description("Used fraction of the store's disk").register(registry);
    }

    /** Where the broker's dispatcher reports each request's time. */
    public RequestTimings requestTimings() {
        return latencies;
    }

    /** Where the broker's send path reports message sizes, and its transaction ends their commit times. */
    public MessageHistograms histograms() {
        return histograms;
    }

    /** Reads every figure and writes them all in Prometheus text format (version 0.0.4). */
    public synchronized String scrape() {
        readTraffic();
        readOutcomes();
        readLag();
        readConnections();
        timers.read();
        pops.read();
        return registry.scrape();
    }

    private void readTraffic() {
        sources.traffic().forEachTopicTotal((topic, messages, bytes) ->
                topicTotals.computeIfAbsent(topic, this::topicCounters).set(messages, bytes));
        sources.traffic().forEachGroupTotal((key, messages, bytes) ->
                groupTotals.computeIfAbsent(key, this::groupCounters).set(messages, bytes));
    }

    private Totals topicCounters(String topic) {
        Totals totals = new Totals();
        Tags tags = Tags.of(TOPIC, topic, IS_SYSTEM, Boolean.toString(isSystem(topic)));
        FunctionCounter.builder(MetricNames.MESSAGES_IN, totals, Totals::messages).tags(tags)
                .description("Messages stored, by topic").register(registry);
        FunctionCounter.builder(MetricNames.THROUGHPUT_IN, totals, Totals::bytes).tags(tags)
                .description("Bytes of messages stored, by topic").register(registry);
        return totals;
    }

    private Totals groupCounters(TopicGroup key) {
        Totals totals = new Totals();
        Tags tags = Tags.of(TOPIC, key.topic().value(), CONSUMER_GROUP, key.group().value(),
                IS_RETRY, Boolean.toString(SystemTopics.isRetryTopic(key.topic())),
                IS_SYSTEM, Boolean.toString(SystemTopics.isFixedSystemTopic(key.topic())));
        FunctionCounter.builder(MetricNames.MESSAGES_OUT, totals, Totals::messages).tags(tags)
                .description("Messages handed to consumers, by topic and group").register(registry);
        FunctionCounter.builder(MetricNames.THROUGHPUT_OUT, totals, Totals::bytes).tags(tags)
                .description("Bytes of messages handed to consumers, by topic and group").register(registry);
        return totals;
    }

    private void readOutcomes() {
        sources.outcomes().forEachDeadLettered((key, count) -> deadLettered.computeIfAbsent(key, k -> {
            Totals totals = new Totals();
            FunctionCounter.builder(MetricNames.SEND_TO_DLQ_MESSAGES, totals, Totals::messages)
                    .tags(CONSUMER_GROUP, k.group().value(), TOPIC, k.topic().value(),
                            IS_SYSTEM, Boolean.toString(SystemTopics.isFixedSystemTopic(k.topic())))
                    .description("Messages moved to a group's dead-letter queue").register(registry);
            return totals;
        }).set(count, 0));
        sources.outcomes().forEachCommitted((topic, count) ->
                committed.computeIfAbsent(topic, t -> topicCounter(MetricNames.COMMIT_MESSAGES, t,
                        "Transactional messages committed")).set(count, 0));
        sources.outcomes().forEachRolledBack((topic, count) ->
                rolledBack.computeIfAbsent(topic, t -> topicCounter(MetricNames.ROLLBACK_MESSAGES, t,
                        "Transactional messages rolled back")).set(count, 0));
    }

    private Totals topicCounter(String name, TopicName topic, String description) {
        Totals totals = new Totals();
        FunctionCounter.builder(name, totals, Totals::messages).tags(TOPIC, topic.value()).description(description)
                .register(registry);
        return totals;
    }

    private void readLag() {
        List<MultiGauge.Row<?>> lagRows = new ArrayList<>();
        List<MultiGauge.Row<?>> inflightRows = new ArrayList<>();
        List<MultiGauge.Row<?>> readyRows = new ArrayList<>();
        List<MultiGauge.Row<?>> lagLatencyRows = new ArrayList<>();
        List<MultiGauge.Row<?>> queueingLatencyRows = new ArrayList<>();
        for (MeasureConsumerLag.GroupLag group : sources.lag().measure()) {
            Tags tags = Tags.of(CONSUMER_GROUP, group.group().value(), TOPIC, group.topic().value(),
                    IS_RETRY, Boolean.toString(SystemTopics.isRetryTopic(group.topic())),
                    IS_SYSTEM, Boolean.toString(SystemTopics.isFixedSystemTopic(group.topic())));
            lagRows.add(MultiGauge.Row.of(tags, group.lag()));
            inflightRows.add(MultiGauge.Row.of(tags, group.inflight()));
            readyRows.add(MultiGauge.Row.of(tags, group.ready()));
            lagLatencyRows.add(MultiGauge.Row.of(tags, group.lagLatencyMillis()));
            queueingLatencyRows.add(MultiGauge.Row.of(tags, group.queueingLatencyMillis()));
        }
        lag.register(lagRows, true);
        inflight.register(inflightRows, true);
        ready.register(readyRows, true);
        lagLatency.register(lagLatencyRows, true);
        queueingLatency.register(queueingLatencyRows, true);
    }

    private void readConnections() {
        List<MultiGauge.Row<?>> producerRows = new ArrayList<>();
        sources.connections().producers().forEach((kind, count) -> producerRows.add(MultiGauge.Row.of(
                Tags.of(MetricNames.LANGUAGE, kind.language().toLowerCase(Locale.ROOT),
                        MetricNames.VERSION, Integer.toString(kind.version()),
                        MetricNames.PROTOCOL_TYPE, "remoting"), count)));
        producers.register(producerRows, true);
        List<MultiGauge.Row<?>> consumerRows = new ArrayList<>();
        sources.connections().consumers().forEach((kind, count) -> consumerRows.add(MultiGauge.Row.of(
                consumerTags(kind), count)));
        consumers.register(consumerRows, true);
    }

    private static Tags consumerTags(CountClientConnections.ConsumerKind kind) {
        return Tags.of(CONSUMER_GROUP, kind.group().value(),
                MetricNames.LANGUAGE, kind.language().toLowerCase(Locale.ROOT),
                MetricNames.VERSION, Integer.toString(kind.version()),
                MetricNames.CONSUME_MODE, consumeMode(kind.consumeType()),
                MetricNames.PROTOCOL_TYPE, "remoting");
    }

    /** RocketMQ's words for how a group consumes. */
    private static String consumeMode(ConsumeType type) {
        return switch (type) {
            case CONSUME_ACTIVELY -> "pull";
            case CONSUME_PASSIVELY -> "push";
            case CONSUME_POP -> "pop";
        };
    }

    private static boolean isSystem(String topic) {
        return SystemTopics.isFixedSystemTopic(new TopicName(topic));
    }
}
