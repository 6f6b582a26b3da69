package io.hexmq.client.internal.consumer;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a consumer starts reading a queue for which its group has no committed offset (RocketMQ's
 * consumeFromWhere).
 *
 * @param where     first, last or timestamp
 * @param timestamp the instant for {@link Where#TIMESTAMP}, else ignored
 */
public record ConsumeFrom(Where where, Instant timestamp) {

    public enum Where {
        FIRST_OFFSET("CONSUME_FROM_FIRST_OFFSET"),
        LAST_OFFSET("CONSUME_FROM_LAST_OFFSET"),
        TIMESTAMP("CONSUME_FROM_TIMESTAMP");

        private final String wireName;

        Where(String wireName) {
            this.wireName = wireName;
        }

        /** The name heartbeats carry. */
        public String wireName() {
            return wireName;
        }
    }

    public static final ConsumeFrom FIRST = new ConsumeFrom(Where.FIRST_OFFSET, Instant.EPOCH);
    public static final ConsumeFrom LAST = new ConsumeFrom(Where.LAST_OFFSET, Instant.EPOCH);

    public ConsumeFrom {
        Objects.requireNonNull(where, "where");
        Objects.requireNonNull(timestamp, "timestamp");
    }

    public static ConsumeFrom timestamp(Instant timestamp) {
        return new ConsumeFrom(Where.TIMESTAMP, timestamp);
    }
}
