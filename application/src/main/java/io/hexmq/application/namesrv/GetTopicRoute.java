package io.hexmq.application.namesrv;

import io.hexmq.domain.kvconfig.KvConfig;
import io.hexmq.domain.kvconfig.KvNamespace;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.route.TopicRoute;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A client asks where a topic lives (GET_ROUTEINFO_BY_TOPIC). With {@code orderMessageEnable} the route
 * also carries the topic's {@code ORDER_TOPIC_CONFIG} entry, which producers then prefer to the queue data.
 */
public final class GetTopicRoute {

    public record Query(TopicName topic) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final RouteTable routes;
    private final KvConfig kvConfig;
    private final Supplier<NameServerSettings> settings;

    public GetTopicRoute(RouteTable routes, KvConfig kvConfig, Supplier<NameServerSettings> settings) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.kvConfig = Objects.requireNonNull(kvConfig, "kvConfig");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** @return empty when no broker hosts the topic (the wire answers TOPIC_NOT_EXIST) */
    public Optional<TopicRoute> route(Query query) {
        Optional<TopicRoute> route = routes.route(query.topic());
        if (!settings.get().orderMessageEnable()) {
            return route;
        }
        return route.map(found -> found.withOrderTopicConf(
                kvConfig.value(KvNamespace.ORDER_TOPIC_CONFIG, query.topic().value())));
    }
}
