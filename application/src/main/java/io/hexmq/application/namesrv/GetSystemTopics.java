package io.hexmq.application.namesrv;

import io.hexmq.domain.route.BrokerName;
import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.SystemTopics;
import io.hexmq.domain.topic.TopicName;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * An admin lists the system topics (GET_SYSTEM_TOPIC_LIST_FROM_NS): every cluster name and broker
 * name, which double as topics as in RocketMQ, and the routed topics that are system topics (the fixed
 * names, {@code rmq_sys_*}, each cluster's {@code <cluster>_REPLY_TOPIC}).
 *
 * <p>A RocketMQ NameServer lists only the cluster and broker names and leaves the rest to the admin,
 * which asks one broker for its own system topics; this NameServer knows them from the registrations,
 * so the whole list comes from here and the admin needs no second request.
 */
public final class GetSystemTopics {

    private final RouteTable routes;

    public GetSystemTopics(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    public SortedSet<TopicName> systemTopics() {
        ClusterInfo clusters = routes.clusterInfo();
        SortedSet<TopicName> topics = new TreeSet<>();
        Set<TopicName> replyTopics = new TreeSet<>();
        for (Map.Entry<ClusterName, Set<BrokerName>> cluster : clusters.clusterAddrTable().entrySet()) {
            ClusterName clusterName = cluster.getKey();
            topics.add(TopicName.reportedByBroker(clusterName.value()));
            replyTopics.add(TopicName.reportedByBroker(clusterName.value() + SystemTopics.REPLY_TOPIC_SUFFIX));
            for (BrokerName broker : cluster.getValue()) {
                topics.add(TopicName.reportedByBroker(broker.value()));
            }
        }
        for (TopicName topic : routes.topics()) {
            if (SystemTopics.isFixedSystemTopic(topic) || replyTopics.contains(topic)) {
                topics.add(topic);
            }
        }
        return topics;
    }
}
