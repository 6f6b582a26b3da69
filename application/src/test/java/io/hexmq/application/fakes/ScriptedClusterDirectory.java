package io.hexmq.application.fakes;

import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.broker.port.ClusterDirectory;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Clusters as a test scripts them: broker groups the "NameServers" list, the runtime table each broker answers, and
 * brokers that do not answer (any address without a scripted table). Remembers which addresses it was asked about.
 */
public final class ScriptedClusterDirectory implements ClusterDirectory {

    private final Map<BrokerName, BrokerData> groups = new TreeMap<>();
    private final Map<ClusterName, Set<BrokerName>> clusters = new TreeMap<>();
    private final Map<BrokerAddress, Map<String, String>> runtimes = new LinkedHashMap<>();
    private final List<KnownClusters.Unanswered> unanswered = new ArrayList<>();
    private final List<Set<BrokerAddress>> asked = new ArrayList<>();

    /** Lists a replica of {@code brokerName} in {@code cluster}; {@code runtime} is what it answers, if it does. */
    public ScriptedClusterDirectory replica(String cluster, String brokerName, long brokerId, String address,
            Optional<Map<String, String>> runtime) {
        BrokerName name = new BrokerName(brokerName);
        Map<BrokerId, BrokerAddress> members = new TreeMap<>(groups.containsKey(name)
                ? groups.get(name).brokerAddrs() : Map.of());
        members.put(new BrokerId(brokerId), new BrokerAddress(address));
        groups.put(name, new BrokerData(new ClusterName(cluster), name, members, Optional.empty(), false));
        clusters.computeIfAbsent(new ClusterName(cluster), key -> new TreeSet<>()).add(name);
        runtime.ifPresent(table -> runtimes.put(new BrokerAddress(address), table));
        return this;
    }

    public ScriptedClusterDirectory silentNameServer(String nameServer, String reason) {
        unanswered.add(new KnownClusters.Unanswered(nameServer, reason));
        return this;
    }

    /** The addresses of each runtimeInfo call, in order. */
    public List<Set<BrokerAddress>> asked() {
        return List.copyOf(asked);
    }

    @Override
    public KnownClusters clusters() {
        return new KnownClusters(new ClusterInfo(groups, clusters), unanswered);
    }

    @Override
    public Map<BrokerAddress, BrokerReport> runtimeInfo(Set<BrokerAddress> brokers) {
        asked.add(Set.copyOf(brokers));
        Map<BrokerAddress, BrokerReport> reports = new LinkedHashMap<>();
        for (BrokerAddress broker : brokers) {
            Map<String, String> runtime = runtimes.get(broker);
            reports.put(broker, runtime == null ? new BrokerReport.Unreachable("no answer within 3000 ms")
                    : new BrokerReport.Answered(runtime));
        }
        return reports;
    }
}
