package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;

/**
 * The logical offset of the first message of a queue stored at or after a time
 * (SEARCH_OFFSET_BY_TIMESTAMP): the queue's max offset when all are older, its min offset when all are
 * newer. RocketMQ 5's {@code boundaryType=upper} is answered like {@code lower}.
 */
public final class SearchOffsetByTimestamp {

    public record Query(String topic, int queueId, long timestampMillis) {

        public Query {
            Objects.requireNonNull(topic, "topic");
        }
    }

    private final MessageStore store;

    public SearchOffsetByTimestamp(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    public long search(Query query) {
        return store.offsetByTime(query.topic(), query.queueId(), query.timestampMillis());
    }
}
