package io.hexmq.adapters.metrics;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** A registry per node, with the labels RocketMQ puts on every metric of a node. */
final class Registries {

    private Registries() {
    }

    /** @param labels name, value, name, value ...: {@code cluster}, {@code node_type}, {@code node_id} */
    static PrometheusMeterRegistry prometheus(String... labels) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags(labels);
        return registry;
    }
}
