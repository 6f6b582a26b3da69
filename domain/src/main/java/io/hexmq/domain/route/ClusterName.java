package io.hexmq.domain.route;

import io.hexmq.domain.TextValue;

/** The name of a broker cluster, e.g. {@code DefaultCluster}. */
public record ClusterName(String value) implements TextValue<ClusterName> {

    public ClusterName {
        TextValue.requireNonBlank(value, () -> new InvalidRouteDataException("cluster name must not be blank"));
    }

    @Override
    public String toString() {
        return value;
    }
}
