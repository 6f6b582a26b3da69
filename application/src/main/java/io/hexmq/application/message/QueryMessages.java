package io.hexmq.application.message;

import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.port.MessageStore;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Messages of a topic by key within a store-time range (QUERY_MESSAGE, the admin's {@code queryMsgByKey}
 * and {@code queryMsgByUniqueKey}): by one of the space-separated KEYS, or by the UNIQ_KEY (the msgId a
 * client shows). As RocketMQ's broker does, at most {@link #MAX_NUM} messages are returned and a query
 * by unique key always asks for {@link #UNIQUE_KEY_MAX_NUM}, whatever the request says; the newest come
 * first.
 */
public final class QueryMessages {

    /** The most messages one query returns (RocketMQ's {@code maxMsgsNumBatch}). */
    public static final int MAX_NUM = 64;
    /** What a query by unique key asks for (RocketMQ's {@code defaultQueryMaxNum}). */
    public static final int UNIQUE_KEY_MAX_NUM = 32;

    /**
     * @param uniqueKey true to match the UNIQ_KEY, false to match one of the KEYS
     */
    public record Query(String topic, String key, int maxNum, long beginTimestamp, long endTimestamp,
                        boolean uniqueKey) {

        public Query {
            if (topic == null || topic.isBlank()) {
                throw new IllegalArgumentException("topic is required");
            }
            if (key == null || key.isEmpty()) {
                throw new IllegalArgumentException("key is required");
            }
        }

        int limit() {
            return uniqueKey ? UNIQUE_KEY_MAX_NUM : Math.max(0, Math.min(maxNum, MAX_NUM));
        }
    }

    private final MessageStore store;

    public QueryMessages(MessageStore store) {
        this.store = Objects.requireNonNull(store, "store");
    }

    /** @return the matching records (read-only views, position 0, newest first) and the index's progress */
    public QueryResult query(Query query) {
        QueryResult found = store.queryByKey(query.topic(), query.key(), query.limit(), query.beginTimestamp(),
            query.endTimestamp());
        List<ByteBuffer> kept = new ArrayList<>(found.messages().size());
        for (ByteBuffer record : found.messages()) {
            boolean matches = query.uniqueKey()
                ? IndexKeys.isUniqueKey(record, 0, query.key()) : IndexKeys.isKey(record, 0, query.key());
            if (matches) {
                kept.add(record);
            }
        }
        return new QueryResult(kept, found.indexLastUpdateTimestamp(), found.indexLastUpdatePhyoffset());
    }
}
