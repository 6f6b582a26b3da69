package io.hexmq.domain.route;

import io.hexmq.domain.TextValue;

/**
 * The logical name of a broker group (one master and its slaves), e.g. {@code broker-a}. Routes name
 * the group, never a single machine.
 */
public record BrokerName(String value) implements TextValue<BrokerName> {

    public BrokerName {
        TextValue.requireNonBlank(value, () -> new InvalidRouteDataException("broker name must not be blank"));
    }

    @Override
    public String toString() {
        return value;
    }
}
