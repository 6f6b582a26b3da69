package io.hexmq.application.namesrv;

import io.hexmq.domain.route.ClusterName;
import io.hexmq.domain.route.RouteTable;
import io.hexmq.domain.topic.TopicName;
import java.util.Objects;
import java.util.Optional;

/**
 * An admin removes a topic's route (DELETE_TOPIC_IN_NAMESRV), everywhere or, in 5.x, only on one
 * cluster's broker groups. Brokers that still host the topic publish it again on their next change.
 */
public final class DeleteTopicFromNameServer {

    /** @param cluster the cluster whose groups lose the topic; empty means every group */
    public record Command(TopicName topic, Optional<ClusterName> cluster) {

        public Command {
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(cluster, "cluster");
        }

        public static Command everywhere(TopicName topic) {
            return new Command(topic, Optional.empty());
        }

        public static Command inCluster(TopicName topic, ClusterName cluster) {
            return new Command(topic, Optional.of(cluster));
        }
    }

    private final RouteTable routes;

    public DeleteTopicFromNameServer(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    public void delete(Command command) {
        command.cluster().ifPresentOrElse(
                cluster -> routes.deleteTopic(command.topic(), cluster),
                () -> routes.deleteTopic(command.topic()));
    }
}
