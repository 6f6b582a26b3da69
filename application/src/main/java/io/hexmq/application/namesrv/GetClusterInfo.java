package io.hexmq.application.namesrv;

import io.hexmq.domain.route.ClusterInfo;
import io.hexmq.domain.route.RouteTable;
import java.util.Objects;

/** An admin lists clusters and their broker groups (GET_BROKER_CLUSTER_INFO). */
public final class GetClusterInfo {

    private final RouteTable routes;

    public GetClusterInfo(RouteTable routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    public ClusterInfo clusterInfo() {
        return routes.clusterInfo();
    }
}
