package io.hexmq.domain.connection;

import java.util.Objects;

/**
 * Opaque identity of one network connection (a broker's channel to a NameServer, a client's channel
 * to a broker). The domain only compares it: it lets a closed connection remove what it registered.
 */
public record ConnectionId(String value) {

    public ConnectionId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("connection id must not be blank");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
