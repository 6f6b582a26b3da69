package io.hexmq.application.message;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.application.broker.TraceSettings;
import io.hexmq.domain.message.MessageProperties;
import java.util.Map;

/**
 * What the broker writes into each message a client sends, as RocketMQ's broker does: its cluster
 * ({@code CLUSTER}), its region ({@code MSG_REGION}) and whether trace is on ({@code TRACE_ON}). The trace
 * reader of the official tools drops a consumer's trace rows for a message without a region. Encoded once,
 * so the common send appends one string.
 */
final class BrokerStamp {

    private final String cluster;
    private final String region;
    private final String traceOn;
    private final String encoded;

    BrokerStamp(String cluster, String region, boolean traceOn) {
        this.cluster = cluster;
        this.region = region;
        this.traceOn = Boolean.toString(traceOn);
        this.encoded = entry(MessageProperties.CLUSTER, cluster) + entry(MessageProperties.MSG_REGION, region)
                + entry(MessageProperties.TRACE_ON, this.traceOn);
    }

    static BrokerStamp of(BrokerSettings broker, TraceSettings trace) {
        return new BrokerStamp(broker.brokerClusterName().value(), trace.regionId(), trace.traceOn());
    }

    /** Whether {@code properties} already names one of the stamped keys (so appending would repeat it). */
    boolean isNamedIn(String properties) {
        return SendProperties.has(properties, MessageProperties.CLUSTER)
                || SendProperties.has(properties, MessageProperties.MSG_REGION)
                || SendProperties.has(properties, MessageProperties.TRACE_ON);
    }

    /** The stamp as encoded properties, each entry ending with the separator. */
    String encoded() {
        return encoded;
    }

    void putInto(Map<String, String> properties) {
        properties.put(MessageProperties.CLUSTER, cluster);
        properties.put(MessageProperties.MSG_REGION, region);
        properties.put(MessageProperties.TRACE_ON, traceOn);
    }

    private static String entry(String name, String value) {
        return name + MessageProperties.NAME_VALUE_SEPARATOR + value + MessageProperties.PROPERTY_SEPARATOR;
    }
}
