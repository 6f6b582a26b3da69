package io.hexmq.application.namesrv;

import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.SortedSet;

/** An admin lists every topic some broker hosts (GET_ALL_TOPIC_LIST_FROM_NAMESERVER). */
public final class GetAllTopics {

    private final RouteTable routes;

    public GetAllTopics(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    public SortedSet<TopicName> allTopics() {
        return routes.topics();
    }
}
