package io.hexmq.domain.route;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Every broker group the NameServer knows, and which groups make up each cluster: the answer to
 * an admin's cluster query. Both maps are immutable and sorted by name.
 */
public record ClusterInfo(
        Map<BrokerName, BrokerData> brokerAddrTable, Map<ClusterName, Set<BrokerName>> clusterAddrTable) {

    public ClusterInfo {
        brokerAddrTable = Collections.unmodifiableSortedMap(new TreeMap<>(brokerAddrTable));
        TreeMap<ClusterName, Set<BrokerName>> clusters = new TreeMap<>();
        clusterAddrTable.forEach((cluster, names) ->
                clusters.put(cluster, Collections.unmodifiableSortedSet(new TreeSet<>(names))));
        clusterAddrTable = Collections.unmodifiableSortedMap(clusters);
    }
}
