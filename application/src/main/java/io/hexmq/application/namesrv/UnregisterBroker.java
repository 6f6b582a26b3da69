package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import java.util.Objects;

/**
 * A broker leaves in an orderly way (UNREGISTER_BROKER, sent on shutdown): it stops being routed to at
 * once instead of after its liveness timeout.
 */
public final class UnregisterBroker {

    /**
     * @param brokerId as sent; the address decides which member leaves (one address holds one id), so
     *                 the id only documents the request
     */
    public record Command(ClusterName clusterName, BrokerName brokerName, BrokerAddress brokerAddress, BrokerId brokerId) {

        public Command {
            Objects.requireNonNull(clusterName, "clusterName");
            Objects.requireNonNull(brokerName, "brokerName");
            Objects.requireNonNull(brokerAddress, "brokerAddress");
            Objects.requireNonNull(brokerId, "brokerId");
        }
    }

    private final RouteTable routes;

    public UnregisterBroker(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    /** @return true if the NameServer knew the broker */
    public boolean unregister(Command command) {
        return routes.unregister(command.clusterName(), command.brokerName(), command.brokerAddress());
    }
}
