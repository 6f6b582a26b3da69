package io.hexmq.application.namesrv;

import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.SortedSet;

/** An admin lists the topics one cluster's brokers host (GET_TOPICS_BY_CLUSTER). */
public final class GetTopicsByCluster {

    public record Query(ClusterName cluster) {

        public Query {
            Objects.requireNonNull(cluster, "cluster");
        }
    }

    private final RouteTable routes;

    public GetTopicsByCluster(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    /** @return empty for an unknown cluster */
    public SortedSet<TopicName> topics(Query query) {
        return routes.topicsOf(query.cluster());
    }
}
