package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.storage.KeyQuery;
import io.hexmq.storage.OffsetQueries;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * What the queries every store answers alike ({@link OffsetQueries}, {@link KeyQuery}) read of the
 * Chronicle store: queue indexes, records by document or physical offset, candidates from the mapped
 * {@link KeyIndex}, and the deleted topic generations. The key index is open only while the store runs:
 * a stopped store (before its start, between a shutdown and a reopening) finds no keys.
 */
final class QuerySource implements OffsetQueries.Queues<QueueIndex>, KeyQuery.Source {

    private final StoreState state;
    private final LogReader reader;

    QuerySource(StoreState state, LogReader reader) {
        this.state = state;
        this.reader = reader;
    }

    @Override
    public QueueIndex find(String topic, int queueId) {
        return state.queues().find(topic, queueId);
    }

    @Override
    public long storeTimeAt(QueueIndex queue, long queueOffset) {
        long documentIndex = queue.documentIndex(queueOffset);
        ByteBuffer record = documentIndex == QueueIndex.GONE ? null
            : state.log().record(documentIndex, queue.position(queueOffset));
        return record == null ? -1 : MessageLayout.storeTimestamp(record, 0);
    }

    @Override
    public List<Long> candidates(int entryHash, long begin, long end, int limit) {
        KeyIndex keys = state.keyIndex();
        return keys == null ? List.of() : keys.candidates(entryHash, begin, end, limit);
    }

    @Override
    public long deletedBefore(String topic) {
        return state.deletedTopics().getOrDefault(topic, 0L);
    }

    @Override
    public ByteBuffer record(long physicalOffset) {
        return reader.lookup(physicalOffset);
    }

    @Override
    public long lastIndexedStoreTime() {
        KeyIndex keys = state.keyIndex();
        return keys == null ? 0 : keys.lastStoreTime();
    }

    @Override
    public long lastIndexedOffset() {
        KeyIndex keys = state.keyIndex();
        return keys == null ? 0 : keys.lastOffset();
    }
}
