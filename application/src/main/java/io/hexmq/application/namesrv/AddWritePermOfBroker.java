package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.RouteTable;
import java.util.Objects;

/** An admin lets producers write to a drained broker group again (ADD_WRITE_PERM_OF_BROKER). */
public final class AddWritePermOfBroker {

    public record Command(BrokerName brokerName) {

        public Command {
            Objects.requireNonNull(brokerName, "brokerName");
        }
    }

    private final RouteTable routes;

    public AddWritePermOfBroker(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    /** @return how many topics the group hosts ({@code addTopicCount}); each is now exactly read+write */
    public int add(Command command) {
        return routes.addWritePermission(command.brokerName());
    }
}
