package io.hexmq.domain.consumer;

import java.util.Objects;

/**
 * A client's self-chosen id, {@code clientIP@instanceName[@unitName]}. Consumers sort these ids to
 * share out queues, so the broker hands them back exactly as received.
 */
public record ClientId(String value) implements Comparable<ClientId> {

    public ClientId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new InvalidConsumerDataException("client id must not be blank");
        }
    }

    @Override
    public int compareTo(ClientId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
