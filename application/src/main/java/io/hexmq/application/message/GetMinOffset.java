package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;

/**
 * A queue's smallest readable logical offset (GET_MIN_OFFSET); 0 for an unknown queue.
 */
public final class GetMinOffset {

    public record Query(String topic, int queueId) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final MessageStore store;

    public GetMinOffset(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    public long minOffset(Query query) {
        return store.minOffset(query.topic(), query.queueId());
    }
}
