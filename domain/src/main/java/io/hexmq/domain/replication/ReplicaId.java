package io.hexmq.domain.replication;

import java.util.Objects;

/**
 * One replica of a broker group, as the group's peer list names it ({@code n0}, {@code n1}, ... in
 * RocketMQ's {@code dLegerPeers} and {@code dLegerSelfId}).
 */
public record ReplicaId(String value) {

    public ReplicaId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("a replica id must not be blank");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
