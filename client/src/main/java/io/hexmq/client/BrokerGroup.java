package io.hexmq.client;

import java.util.Map;
import java.util.Optional;

/**
 * A broker group as a NameServer lists it: a master (id 0) and its replicas.
 *
 * @param cluster    the cluster it belongs to
 * @param brokerName the group's name
 * @param addresses  broker id to {@code host:port}
 */
public record BrokerGroup(String cluster, String brokerName, Map<Long, String> addresses) {

    public static final long MASTER_ID = 0L;

    public BrokerGroup {
        addresses = Map.copyOf(addresses);
    }

    public Optional<String> masterAddress() {
        return Optional.ofNullable(addresses.get(MASTER_ID));
    }
}
