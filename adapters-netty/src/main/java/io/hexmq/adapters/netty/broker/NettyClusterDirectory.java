package io.hexmq.adapters.netty.broker;

import io.hexmq.domain.DomainException;
import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.broker.port.ClusterDirectory;
import io.hexmq.domain.route.BrokerAddress;
import io.hexmq.domain.route.BrokerData;
import io.hexmq.domain.route.BrokerId;
import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.remoting.body.CommonJson;
import io.hexmq.remoting.body.InvalidBodyException;
import io.hexmq.remoting.body.RouteJson;
import io.hexmq.remoting.client.NettyRemotingClient;
import io.hexmq.remoting.protocol.RemotingCommand;
import io.hexmq.remoting.protocol.RequestCode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code mqadmin clusterList}'s two questions, asked by the broker over its own outbound client (so signed with its
 * inner credentials, and over TLS, as its registrations are): GET_BROKER_CLUSTER_INFO (106, no header, a ClusterInfo
 * body in either JSON flavour) to every NameServer at once, the answers merged; then GET_BROKER_RUNTIME_INFO (28, no
 * header, a KVTable body) to every broker at once. Each request waits at most the timeout, connecting included; a
 * server that does not answer, refuses, or answers what cannot be read is reported with the reason. Must not be
 * called on a Netty I/O thread: it waits for the answers, which arrive there.
 */
public final class NettyClusterDirectory implements ClusterDirectory {

    /** Long enough for a broker across a data centre, short enough that a console page does not hang on one. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(3);

    private final BoundedRequests calls;
    private final List<String> nameServers;

    /** @param nameServers the NameServers' {@code host:port}s ({@code namesrvAddr}) */
    public NettyClusterDirectory(NettyRemotingClient client, List<String> nameServers, Duration timeout) {
        this.calls = new BoundedRequests(client, timeout);
        this.nameServers = List.copyOf(Objects.requireNonNull(nameServers, "nameServers"));
    }

    @Override
    public KnownClusters clusters() {
        Map<BrokerName, BrokerData> groups = new TreeMap<>();
        Map<ClusterName, Set<BrokerName>> clusters = new TreeMap<>();
        List<KnownClusters.Unanswered> unanswered = new ArrayList<>();
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_BROKER_CLUSTER_INFO).build();
        for (BoundedRequests.Outcome outcome : calls.sendToAll(nameServers, request)) {
            if (!outcome.succeeded()) {
                unanswered.add(new KnownClusters.Unanswered(outcome.server(), outcome.failure()));
                continue;
            }
            try {
                merge(RouteJson.readClusters(outcome.response().body()), groups, clusters);
            } catch (InvalidBodyException | DomainException unreadable) {
                unanswered.add(new KnownClusters.Unanswered(outcome.server(), "unreadable answer: "
                        + unreadable.getMessage()));
            }
        }
        return new KnownClusters(new ClusterInfo(groups, clusters), unanswered);
    }

    @Override
    public Map<BrokerAddress, BrokerReport> runtimeInfo(Set<BrokerAddress> brokers) {
        List<String> addresses = brokers.stream().map(BrokerAddress::value).toList();
        RemotingCommand request = RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO).build();
        Map<BrokerAddress, BrokerReport> reports = new LinkedHashMap<>();
        for (BoundedRequests.Outcome outcome : calls.sendToAll(addresses, request)) {
            reports.put(new BrokerAddress(outcome.server()), report(outcome));
        }
        return reports;
    }

    private static BrokerReport report(BoundedRequests.Outcome outcome) {
        if (!outcome.succeeded()) {
            return new BrokerReport.Unreachable(outcome.failure());
        }
        try {
            return new BrokerReport.Answered(CommonJson.readKvTable(outcome.response().body()).orElse(Map.of()));
        } catch (InvalidBodyException unreadable) {
            return new BrokerReport.Unreachable("unreadable answer: " + unreadable.getMessage());
        }
    }

    /** Adds one NameServer's view: a group listed by several has every member any of them lists. */
    private static void merge(RouteJson.Clusters answer, Map<BrokerName, BrokerData> groups,
            Map<ClusterName, Set<BrokerName>> clusters) {
        for (RouteJson.Broker group : answer.brokers().values()) {
            BrokerName name = new BrokerName(group.brokerName());
            Map<BrokerId, BrokerAddress> members = new TreeMap<>();
            BrokerData known = groups.get(name);
            if (known != null) {
                members.putAll(known.brokerAddrs());
            }
            group.addresses().forEach((id, address) -> members.putIfAbsent(new BrokerId(id), new BrokerAddress(address)));
            groups.put(name, new BrokerData(known != null ? known.cluster() : new ClusterName(group.cluster()), name,
                    members, group.zoneName(), group.enableActingMaster()));
        }
        answer.clusters().forEach((cluster, names) -> {
            Set<BrokerName> members = clusters.computeIfAbsent(new ClusterName(cluster), key -> new TreeSet<>());
            names.forEach(brokerName -> members.add(new BrokerName(brokerName)));
        });
    }
}
