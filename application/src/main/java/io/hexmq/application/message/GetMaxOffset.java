package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;

/**
 * A queue's next logical offset to be written, i.e. how many entries it ever had (GET_MAX_OFFSET); 0
 * for an unknown queue, as RocketMQ answers.
 */
public final class GetMaxOffset {

    public record Query(String topic, int queueId) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final MessageStore store;

    public GetMaxOffset(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    public long maxOffset(Query query) {
        return store.maxOffset(query.topic(), query.queueId());
    }
}
