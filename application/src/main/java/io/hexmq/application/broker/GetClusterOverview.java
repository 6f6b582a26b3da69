package io.hexmq.application.broker;

import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.broker.port.ClusterDirectory;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An operator looks over every cluster the broker's NameServers know ({@code mqadmin clusterList}): the broker
 * groups and their replicas from the NameServers, then each replica's own figures, all replicas asked at once. A
 * replica that does not answer is shown as unreachable, beside the others.
 */
public final class GetClusterOverview {

    private final ClusterDirectory directory;

    public GetClusterOverview(ClusterDirectory directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    public ClusterOverview get() {
        KnownClusters known = directory.clusters();
        ClusterInfo info = known.clusters();
        Set<BrokerAddress> addresses = new LinkedHashSet<>();
        info.brokerAddrTable().values().forEach(group -> addresses.addAll(group.brokerAddrs().values()));
        Map<BrokerAddress, BrokerReport> reports = addresses.isEmpty() ? Map.of() : directory.runtimeInfo(addresses);
        List<ClusterOverview.Cluster> clusters = new ArrayList<>();
        for (Map.Entry<ClusterName, Set<BrokerName>> cluster : info.clusterAddrTable().entrySet()) {
            List<ClusterOverview.Group> groups = new ArrayList<>();
            for (BrokerName name : cluster.getValue()) {
                groups.add(group(name, info.brokerAddrTable().get(name), reports));
            }
            clusters.add(new ClusterOverview.Cluster(cluster.getKey(), groups));
        }
        return new ClusterOverview(clusters, known.unanswered());
    }

    private static ClusterOverview.Group group(BrokerName name, BrokerData data, Map<BrokerAddress, BrokerReport> reports) {
        List<ClusterOverview.Replica> replicas = new ArrayList<>();
        if (data != null) {
            data.brokerAddrs().forEach((id, address) -> replicas.add(new ClusterOverview.Replica(id, address,
                    reports.getOrDefault(address, new BrokerReport.Unreachable("not asked")))));
        }
        return new ClusterOverview.Group(name, replicas);
    }
}
