package io.hexmq.domain.broker.port;

import io.hexmq.domain.broker.BrokerReport;
import io.hexmq.domain.broker.KnownClusters;
import io.hexmq.domain.route.BrokerAddress;
import java.util.Map;
import java.util.Set;

/**
 * What an operator's overview of the clusters needs from outside this broker: the clusters its NameServers know
 * ({@code mqadmin clusterList}'s first question), and what each broker says of itself (its second).
 *
 * <p>Promise: each call asks every server concerned at once and returns once each has answered, failed or timed
 * out; a server that does not answer is reported as such, never thrown. Both calls are read-only.
 *
 * <p>Cost: one request per NameServer, or per broker, and a wait of up to the adapter's timeout for the slowest,
 * so a caller asks from a thread of its own (a console page's), never from one that serves the broker's clients.
 */
public interface ClusterDirectory {

    /** The clusters and broker groups the NameServers list, merged, and which NameServers did not answer. */
    KnownClusters clusters();

    /** Each broker's runtime figures, or why it gave none; one entry for each address asked. */
    Map<BrokerAddress, BrokerReport> runtimeInfo(Set<BrokerAddress> brokers);
}
