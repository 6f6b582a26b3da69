package io.hexmq.domain.route;

import java.util.Objects;

/**
 * The logical name of a broker group (one master and its slaves), e.g. {@code broker-a}. Routes name
 * the group, never a single machine.
 */
public record BrokerName(String value) implements Comparable<BrokerName> {

    public BrokerName {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new InvalidRouteDataException("broker name must not be blank");
        }
    }

    @Override
    public int compareTo(BrokerName other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
