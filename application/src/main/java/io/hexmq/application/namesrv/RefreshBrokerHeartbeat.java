package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;

/**
 * A 5.x broker says it is alive (BROKER_HEARTBEAT) between full registrations: only its last-update
 * time moves. The header's other fields (epoch, offsets, timeout, priority) serve the controller mode
 * and are not needed here.
 */
public final class RefreshBrokerHeartbeat {

    public record Command(ClusterName clusterName, BrokerAddress brokerAddress) {

        public Command {
            Objects.requireNonNull(clusterName, "clusterName");
            Objects.requireNonNull(brokerAddress, "brokerAddress");
        }
    }

    private final RouteTable routes;
    private final Clock clock;

    public RefreshBrokerHeartbeat(RouteTable routes, Clock clock) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return false when the broker is not registered (the wire answers success regardless) */
    public boolean refresh(Command command) {
        return routes.heartbeat(command.clusterName(), command.brokerAddress(), clock.millis());
    }
}
