package io.hexmq.domain.route;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A broker group as clients see it: its cluster, its name and the address of each member by id.
 *
 * @param brokerAddrs        members by id, sorted by id (0, the master, first); an immutable copy
 * @param zoneName           the 5.x zone the group announced, if any
 * @param enableActingMaster whether the group lets its lowest slave act as master (5.x)
 */
public record BrokerData(
        ClusterName cluster,
        BrokerName brokerName,
        Map<BrokerId, BrokerAddress> brokerAddrs,
        Optional<String> zoneName,
        boolean enableActingMaster) {

    public BrokerData {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(zoneName, "zoneName");
        brokerAddrs = Collections.unmodifiableSortedMap(new TreeMap<>(brokerAddrs));
    }

    public Optional<BrokerAddress> masterAddress() {
        return Optional.ofNullable(brokerAddrs.get(BrokerId.MASTER));
    }
}
