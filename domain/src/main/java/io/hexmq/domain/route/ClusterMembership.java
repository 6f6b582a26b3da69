package io.hexmq.domain.route;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The route table's record of which broker groups make up each cluster and who the members of each
 * group are. Every cluster lists at least one group, and every group listed has at least one member.
 * Only {@link RouteTable} touches it, under its lock.
 */
final class ClusterMembership {

    private final Map<ClusterName, Set<BrokerName>> clusters = new HashMap<>();
    private final Map<BrokerName, BrokerGroup> groups = new HashMap<>();

    /** The group, or null when it has no member. */
    BrokerGroup group(BrokerName name) {
        return groups.get(name);
    }

    /** Joins the registering broker's group to its cluster and puts the broker at its id. */
    BrokerGroup join(BrokerRegistration registration) {
        BrokerName name = registration.brokerName();
        clusters.computeIfAbsent(registration.cluster(), cluster -> new HashSet<>()).add(name);
        BrokerGroup group = groups.get(name);
        if (group == null) {
            group = new BrokerGroup(registration.cluster(), name);
            groups.put(name, group);
        }
        group.announce(registration.zoneName(), registration.enableActingMaster());
        group.place(registration.brokerId(), registration.brokerAddress());
        return group;
    }

    /** The groups of {@code cluster}; null for a cluster the table does not know. */
    Set<BrokerName> groupsOf(ClusterName cluster) {
        return clusters.get(cluster);
    }

    /** Forgets a group that has no member left, in every cluster that lists it (it may have joined more than one). */
    void drop(BrokerName name) {
        groups.remove(name);
        for (Iterator<Set<BrokerName>> it = clusters.values().iterator(); it.hasNext(); ) {
            Set<BrokerName> names = it.next();
            if (names.remove(name) && names.isEmpty()) {
                it.remove();
            }
        }
    }

    /** Every group and every cluster, as snapshots. */
    ClusterInfo info() {
        Map<BrokerName, BrokerData> brokers = new HashMap<>();
        groups.forEach((name, group) -> brokers.put(name, group.snapshot()));
        return new ClusterInfo(brokers, clusters);
    }
}
