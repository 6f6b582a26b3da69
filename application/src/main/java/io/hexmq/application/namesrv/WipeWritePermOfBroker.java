package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.RouteTable;
import java.util.Objects;

/**
 * An admin drains a broker group (WIPE_WRITE_PERM_OF_BROKER): its topics stay readable but producers
 * stop choosing it. Lasts until the group registers a new DataVersion or write permission is added back.
 */
public final class WipeWritePermOfBroker {

    public record Command(BrokerName brokerName) {

        public Command {
            Objects.requireNonNull(brokerName, "brokerName");
        }
    }

    private final RouteTable routes;

    public WipeWritePermOfBroker(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    /** @return how many topics the group hosts ({@code wipeTopicCount}) */
    public int wipe(Command command) {
        return routes.wipeWritePermission(command.brokerName());
    }
}
