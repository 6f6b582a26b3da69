package io.hexmq.application.namesrv;

import io.hexmq.domain.route.RemovedBroker;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.time.port.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The periodic liveness scan (RocketMQ's scanNotActiveBroker): removes every broker whose last update
 * plus its own timeout lies before now. The caller runs it every
 * {@link NameServerSettings#scanNotActiveBrokerInterval()} and closes the returned connections.
 */
public final class ExpireInactiveBrokers {

    private final RouteTable routes;
    private final Clock clock;

    public ExpireInactiveBrokers(RouteTable routes, Clock clock) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** @return the brokers removed, each with the connection it registered over */
    public List<RemovedBroker> expire() {
        return routes.expire(clock.millis());
    }
}
