package io.hexmq.domain.route;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The route table's record of when each broker machine was last heard from, and of the filter servers
 * it announced, by machine ({@link Key}: RocketMQ's key for both). Only {@link RouteTable} touches it,
 * under its lock.
 */
final class LiveBrokers {

    /** One broker machine in one cluster. */
    record Key(ClusterName cluster, BrokerAddress address) {
    }

    private final Map<Key, BrokerLiveness> liveness = new HashMap<>();
    private final Map<Key, List<BrokerAddress>> filterServers = new HashMap<>();

    /** When the machine was last heard from; null when it is not registered. */
    BrokerLiveness get(Key key) {
        return liveness.get(key);
    }

    /** Records a registration: the machine was heard from now, with these filter servers. */
    void registered(Key key, BrokerRegistration registration, long nowMillis) {
        liveness.put(key, new BrokerLiveness(registration.brokerName(), nowMillis,
                registration.heartbeatTimeoutMillis(), registration.dataVersion(), registration.connection(),
                registration.haServerAddress()));
        if (registration.filterServers().isEmpty()) {
            filterServers.remove(key);
        } else {
            filterServers.put(key, registration.filterServers());
        }
    }

    /** The machine was heard from now; nothing else changes. */
    void heard(Key key, BrokerLiveness held, long nowMillis) {
        liveness.put(key, held.heardAt(nowMillis));
    }

    /** Forgets the machine; true if it was registered. */
    boolean remove(Key key) {
        boolean wasLive = liveness.remove(key) != null;
        filterServers.remove(key);
        return wasLive;
    }

    /** The registered machines whose liveness matches {@code doomed}, collected before any is removed. */
    List<Map.Entry<Key, BrokerLiveness>> matching(Predicate<BrokerLiveness> doomed) {
        List<Map.Entry<Key, BrokerLiveness>> found = new ArrayList<>();
        for (Map.Entry<Key, BrokerLiveness> entry : liveness.entrySet()) {
            if (doomed.test(entry.getValue())) {
                found.add(Map.entry(entry.getKey(), entry.getValue()));
            }
        }
        return found;
    }

    /** Puts the filter servers of the group's members into {@code into}, by member address. */
    void collectFilterServers(BrokerData data, Map<BrokerAddress, List<BrokerAddress>> into) {
        if (filterServers.isEmpty()) {
            return;
        }
        for (BrokerAddress address : data.brokerAddrs().values()) {
            List<BrokerAddress> servers = filterServers.get(new Key(data.cluster(), address));
            if (servers != null) {
                into.put(address, servers);
            }
        }
    }
}
