package io.hexmq.application.namesrv;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.route.RemovedBroker;
import io.hexmq.domain.route.RouteTable;
import java.util.List;
import java.util.Objects;

/**
 * A connection closed (channel inactive, exception or idle): every broker that registered over it is
 * removed at once, instead of being routed to until its liveness timeout.
 */
public final class DropBrokerConnection {

    public record Command(ConnectionId connection) {

        public Command {
            Objects.requireNonNull(connection, "connection");
        }
    }

    private final RouteTable routes;

    public DropBrokerConnection(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    /** @return the brokers removed; empty when the connection was a client's, not a broker's */
    public List<RemovedBroker> drop(Command command) {
        return routes.dropConnection(command.connection());
    }
}
