package io.hexmq.adapters.console;

import java.time.ZoneId;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Who the console belongs to, for its overview.
 *
 * @param role       the broker's role now: master alone, or leader / follower of its group
 * @param zone       the zone times are shown and read in
 * @param traceTopic where the clients' trace records are ({@code msgTraceTopicName})
 */
public record ConsoleBroker(String clusterName, String brokerName, String address, String version, String storeType,
                            Supplier<String> role, ZoneId zone, String traceTopic) {

    public ConsoleBroker {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(storeType, "storeType");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(zone, "zone");
        Objects.requireNonNull(traceTopic, "traceTopic");
    }
}
