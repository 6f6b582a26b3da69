package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;

/**
 * Store time of the oldest readable message of a queue (GET_EARLIEST_MSG_STORETIME); -1 when the queue
 * holds none, as RocketMQ answers.
 */
public final class GetEarliestStoreTime {

    public record Query(String topic, int queueId) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final MessageStore store;

    public GetEarliestStoreTime(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    public long earliestStoreTime(Query query) {
        return store.earliestStoreTime(query.topic(), query.queueId()).orElse(-1L);
    }
}
