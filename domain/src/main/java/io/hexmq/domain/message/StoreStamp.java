package io.hexmq.domain.message;

import java.util.Objects;

/**
 * The two fields of a stored record that a store otherwise decides itself: the store timestamp (its
 * clock) and the store host (its own address, which the offset message id carries as well). A store told
 * to append "as given" writes these instead, so that replicas applying the same decisions in the same
 * order hold byte-identical records; see
 * {@link io.hexmq.domain.message.port.MessageStore#append(Message, StoreStamp)}.
 *
 * @param storeTimestamp the store time to write, ms since the epoch; not negative
 * @param storeHost the store host to write and to put into the offset message ids
 */
public record StoreStamp(long storeTimestamp, HostAddress storeHost) {

    public StoreStamp {
        Objects.requireNonNull(storeHost, "storeHost");
        if (storeTimestamp < 0) {
            throw new IllegalArgumentException("a store timestamp is not negative: " + storeTimestamp);
        }
    }
}
