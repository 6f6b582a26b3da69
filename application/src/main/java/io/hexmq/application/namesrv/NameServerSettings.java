package io.hexmq.application.namesrv;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The NameServer settings its use cases obey; RocketMQ's property names where they exist.
 *
 * @param orderMessageEnable             put the topic's {@code ORDER_TOPIC_CONFIG} entry into routes
 * @param returnOrderTopicConfigToBroker answer REGISTER_BROKER with the {@code ORDER_TOPIC_CONFIG} table
 * @param scanNotActiveBrokerInterval    how often the caller should run {@link ExpireInactiveBrokers}
 * @param defaultBrokerTimeout           liveness timeout of a broker that announced none
 */
public record NameServerSettings(
        boolean orderMessageEnable,
        boolean returnOrderTopicConfigToBroker,
        Duration scanNotActiveBrokerInterval,
        Duration defaultBrokerTimeout) {

    public NameServerSettings {
        requirePositive(scanNotActiveBrokerInterval, "scanNotActiveBrokerInterval");
        requirePositive(defaultBrokerTimeout, "defaultBrokerTimeout");
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + duration);
        }
    }

    /**
     * The settings under the property names a NameServer is configured with: RocketMQ's where it has
     * one, hexmq's {@code brokerTimeoutMillis} for the default liveness timeout; durations in ms.
     */
    public Map<String, String> asProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("orderMessageEnable", Boolean.toString(orderMessageEnable));
        properties.put("returnOrderTopicConfigToBroker", Boolean.toString(returnOrderTopicConfigToBroker));
        properties.put("scanNotActiveBrokerInterval", Long.toString(scanNotActiveBrokerInterval.toMillis()));
        properties.put("brokerTimeoutMillis", Long.toString(defaultBrokerTimeout.toMillis()));
        return properties;
    }

    /** RocketMQ 5's defaults: no order configs in routes, order configs to brokers, 5 s scans, 120 s timeout. */
    public static NameServerSettings defaults() {
        return new NameServerSettings(false, true, Duration.ofSeconds(5), Duration.ofSeconds(120));
    }
}
