package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.DataVersionCheck;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.topic.DataVersion;
import java.util.Objects;

/**
 * A broker that registers lazily ({@code forceRegister=false}) asks whether the NameServer already has
 * its topic-config version (QUERY_DATA_VERSION). An unchanged version keeps the broker alive; a changed
 * one tells it to register in full.
 */
public final class QueryDataVersion {

    /** @param brokerName and {@code brokerId} are sent by brokers but not needed to answer */
    public record Command(
            ClusterName clusterName, BrokerName brokerName, BrokerAddress brokerAddress, BrokerId brokerId,
            DataVersion brokerVersion) {

        public Command {
            Objects.requireNonNull(clusterName, "clusterName");
            Objects.requireNonNull(brokerName, "brokerName");
            Objects.requireNonNull(brokerAddress, "brokerAddress");
            Objects.requireNonNull(brokerId, "brokerId");
            Objects.requireNonNull(brokerVersion, "brokerVersion");
        }
    }

    private final RouteTable routes;
    private final Clock clock;

    public QueryDataVersion(RouteTable routes, Clock clock) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return {@code changed} for the response header and the NameServer's version for the body, if any */
    public DataVersionCheck query(Command command) {
        return routes.checkDataVersion(command.clusterName(), command.brokerAddress(), command.brokerVersion(),
                clock.millis());
    }
}
