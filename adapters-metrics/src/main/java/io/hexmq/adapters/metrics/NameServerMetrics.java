package io.hexmq.adapters.metrics;

import io.hexmq.application.namesrv.GetAllTopics;
import io.hexmq.application.namesrv.GetClusterInfo;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.metrics.port.RequestTimings;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * The NameServer's metrics in Prometheus text format: the brokers registered by cluster and the topics routed,
 * read at each {@link #scrape()} from the route table, and the request latencies its dispatcher reports to
 * {@link #requestTimings()}. RocketMQ's NameServer exports no metrics, so the two route figures have hexmq's
 * names in RocketMQ's style; the request histogram is RocketMQ's {@code rocketmq_rpc_latency}.
 */
public final class NameServerMetrics {

    private final PrometheusMeterRegistry registry;
    private final GetClusterInfo clusters;
    private final RequestLatencies latencies;
    private final MultiGauge brokers;

    /** @param address the NameServer's host:port, its {@code node_id} */
    public NameServerMetrics(String address, GetClusterInfo clusters, GetAllTopics topics,
                             IntFunction<String> requestNames, IntFunction<String> responseNames) {
        this.clusters = Objects.requireNonNull(clusters, "clusters");
        Objects.requireNonNull(topics, "topics");
        this.registry = Registries.prometheus(MetricNames.NODE_TYPE, "namesrv", MetricNames.NODE_ID, address);
        this.latencies = new RequestLatencies(registry, requestNames, responseNames);
        brokers = MultiGauge.builder(MetricNames.NAMESRV_BROKERS)
                .description("Broker addresses registered, by cluster").register(registry);
        Gauge.builder(MetricNames.NAMESRV_TOPICS, () -> topics.allTopics().size())
                .description("Topics with a route").register(registry);
    }

    public RequestTimings requestTimings() {
        return latencies;
    }

    /** Reads every figure and writes them all in Prometheus text format (version 0.0.4). */
    public synchronized String scrape() {
        ClusterInfo info = clusters.clusterInfo();
        Map<String, Integer> byCluster = new TreeMap<>();
        for (BrokerData group : info.brokerAddrTable().values()) {
            byCluster.merge(group.cluster().value(), group.brokerAddrs().size(), Integer::sum);
        }
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        byCluster.forEach((cluster, count) -> rows.add(MultiGauge.Row.of(Tags.of(MetricNames.CLUSTER, cluster), count)));
        brokers.register(rows, true);
        return registry.scrape();
    }
}
