package io.hexmq.application.namesrv;

import java.time.Duration;
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

    /** RocketMQ 5's defaults: no order configs in routes, order configs to brokers, 5 s scans, 120 s timeout. */
    public static NameServerSettings defaults() {
        return new NameServerSettings(false, true, Duration.ofSeconds(5), Duration.ofSeconds(120));
    }
}
