package io.hexmq.domain.route;

import io.hexmq.domain.connection.ConnectionId;
import io.hexmq.domain.topic.DataVersion;
import io.hexmq.domain.topic.TopicConfig;
import io.hexmq.domain.topic.TopicName;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything one broker tells the NameServer when it registers: who it is, how to reach it, its topic
 * configs at {@code dataVersion}, and the connection it registered over.
 *
 * @param haServerAddress        where its slaves replicate from ({@code brokerIP2:haPort})
 * @param heartbeatTimeoutMillis how long the broker stays registered without news
 * @param enableActingMaster     lets the group's lowest slave publish routes while no master is there
 * @param topicConfigs           at most one config per topic; a list of exactly one is an incremental
 *                               registration, accepted only once the broker has registered in full
 * @param filterServers          the broker's filter servers; empty forgets any it announced before
 */
public record BrokerRegistration(
        ClusterName cluster,
        BrokerName brokerName,
        BrokerAddress brokerAddress,
        BrokerId brokerId,
        Optional<BrokerAddress> haServerAddress,
        Optional<String> zoneName,
        long heartbeatTimeoutMillis,
        boolean enableActingMaster,
        DataVersion dataVersion,
        List<TopicConfig> topicConfigs,
        List<BrokerAddress> filterServers,
        ConnectionId connection) {

    public BrokerRegistration {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(brokerAddress, "brokerAddress");
        Objects.requireNonNull(brokerId, "brokerId");
        Objects.requireNonNull(haServerAddress, "haServerAddress");
        Objects.requireNonNull(zoneName, "zoneName");
        Objects.requireNonNull(dataVersion, "dataVersion");
        Objects.requireNonNull(connection, "connection");
        if (heartbeatTimeoutMillis <= 0) {
            throw new InvalidRouteDataException("heartbeat timeout must be positive: " + heartbeatTimeoutMillis);
        }
        topicConfigs = List.copyOf(topicConfigs);
        filterServers = List.copyOf(filterServers);
        Set<TopicName> seen = new HashSet<>();
        for (TopicConfig config : topicConfigs) {
            if (!seen.add(config.name())) {
                throw new InvalidRouteDataException("topic " + config.name() + " listed twice by " + brokerAddress);
            }
        }
    }

    /** An incremental registration carries exactly one topic (RocketMQ's rule, not a flag). */
    boolean isSingleTopic() {
        return topicConfigs.size() == 1;
    }
}
