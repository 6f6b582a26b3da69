package io.hexmq.domain.consumer;

import io.hexmq.domain.TextValue;

/**
 * A client's self-chosen id, {@code clientIP@instanceName[@unitName]}. Consumers sort these ids to
 * share out queues, so the broker hands them back exactly as received.
 */
public record ClientId(String value) implements TextValue<ClientId> {

    public ClientId {
        TextValue.requireNonBlank(value, () -> new InvalidConsumerDataException("client id must not be blank"));
    }

    @Override
    public String toString() {
        return value;
    }
}
