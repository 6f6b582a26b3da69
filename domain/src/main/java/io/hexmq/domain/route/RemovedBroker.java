package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import java.util.Objects;

/**
 * A broker the route table let go (liveness expired or its connection closed), with the connection it
 * had registered over so that the caller can close it.
 */
public record RemovedBroker(
        ClusterName cluster, BrokerName brokerName, BrokerAddress brokerAddress, ConnectionId connection) {

    public RemovedBroker {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(brokerAddress, "brokerAddress");
        Objects.requireNonNull(connection, "connection");
    }
}
