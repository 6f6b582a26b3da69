package io.hexmq.application.message;

import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.port.MessageStore;
import java.util.Objects;

/**
 * Messages of a topic by key within a store-time range (QUERY_MESSAGE, the admin's {@code queryMsgByKey}
 * and {@code queryMsgByUniqueKey}): by one of the space-separated KEYS, by the UNIQ_KEY (the msgId a
 * client shows), or by the tag, as the query's {@link IndexType} says. As RocketMQ's broker does, at
 * most {@link #MAX_NUM} messages are returned and a query by unique key always asks for
 * {@link #UNIQUE_KEY_MAX_NUM}, whatever the request says; the newest come first.
 */
public final class QueryMessages {

    /** The most messages one query returns (RocketMQ's {@code maxMsgsNumBatch}). */
    public static final int MAX_NUM = 64;
    /** What a query by unique key asks for (RocketMQ's {@code defaultQueryMaxNum}). */
    public static final int UNIQUE_KEY_MAX_NUM = 32;

    /**
     * @param type which index entries {@code key} is looked up in
     */
    public record Query(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                        long endTimestamp) {

        public Query {
            if (topic == null || topic.isBlank()) {
                throw new IllegalArgumentException("topic is required");
            }
            Objects.requireNonNull(type, "type");
            if (key == null || key.isEmpty()) {
                throw new IllegalArgumentException("key is required");
            }
        }

        int limit() {
            return type == IndexType.UNIQUE_KEY ? UNIQUE_KEY_MAX_NUM : Math.max(0, Math.min(maxNum, MAX_NUM));
        }
    }

    private final MessageStore store;

    public QueryMessages(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** @return the matching records (read-only views, position 0, newest first) and the index's progress */
    public QueryResult query(Query query) {
        return store.queryByKey(query.topic(), query.type(), query.key(), query.limit(), query.beginTimestamp(),
            query.endTimestamp());
    }
}
