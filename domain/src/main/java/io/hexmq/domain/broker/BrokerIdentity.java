package io.hexmq.domain.broker;

import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterName;
import java.util.Objects;

/**
 * Who this broker is and where clients and slaves reach it; the part of every NameServer registration
 * that never changes while the broker runs.
 *
 * @param brokerAddress   {@code brokerIP1:listenPort}, what clients connect to
 * @param haServerAddress {@code brokerIP2:haListenPort}, what slaves replicate from
 */
public record BrokerIdentity(
        ClusterName cluster,
        BrokerName brokerName,
        BrokerId brokerId,
        BrokerAddress brokerAddress,
        BrokerAddress haServerAddress) {

    public BrokerIdentity {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(brokerId, "brokerId");
        Objects.requireNonNull(brokerAddress, "brokerAddress");
        Objects.requireNonNull(haServerAddress, "haServerAddress");
    }
}
