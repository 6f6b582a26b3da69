package io.hexmq.domain.route;

import java.util.Objects;

/** The name of a broker cluster, e.g. {@code DefaultCluster}. */
public record ClusterName(String value) implements Comparable<ClusterName> {

    public ClusterName {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new InvalidRouteDataException("cluster name must not be blank");
        }
    }

    @Override
    public int compareTo(ClusterName other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
