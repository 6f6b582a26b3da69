package io.hexmq.adapters.netty.namesrv;

import io.hexmq.application.namesrv.DropBrokerConnection;
import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.route.RemovedBroker;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the brokers that registered over a connection as soon as it closes (inactive, exception or
 * idle), instead of routing to them until their liveness runs out. The server calls
 * {@link #connectionClosed} from its close events; for a client's connection nothing happens.
 */
public final class BrokerConnectionCloseListener {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerConnectionCloseListener.class);

    private final DropBrokerConnection dropBrokerConnection;

    public BrokerConnectionCloseListener(DropBrokerConnection dropBrokerConnection) {
        this.dropBrokerConnection = Objects.requireNonNull(dropBrokerConnection, "dropBrokerConnection");
    }

    /** @return the brokers removed, empty when the connection was not a broker's */
    public List<RemovedBroker> connectionClosed(ConnectionId connection) {
        List<RemovedBroker> removed = dropBrokerConnection.drop(new DropBrokerConnection.Command(connection));
        for (RemovedBroker broker : removed) {
            LOG.info("Connection {} closed: removed broker {} ({}) of cluster {}", connection,
                    broker.brokerName(), broker.brokerAddress(), broker.cluster());
        }
        return removed;
    }
}
