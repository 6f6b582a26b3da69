package io.hexmq.adapters.file;

import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.storage.KeyQuery;
import io.hexmq.storage.OffsetQueries;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * What the queries every store answers alike ({@link OffsetQueries}, {@link KeyQuery}) read of the file
 * store: consume queues, store times and records from the commit log, candidates from the key index
 * ({@link io.hexmq.adapters.file.index.MessageIndex}), deleted generations from {@link DeletedTopics}.
 */
final class QuerySource implements OffsetQueries.Queues<ConsumeQueue>, KeyQuery.Source {

    private final StoreFiles files;

    QuerySource(StoreFiles files) {
        this.files = files;
    }

    @Override
    public ConsumeQueue find(String topic, int queueId) {
        return files.queues().find(topic, queueId);
    }

    @Override
    public long storeTimeAt(ConsumeQueue queue, long queueOffset) {
        long commitLogOffset = queue.commitLogOffsetAt(queueOffset);
        return commitLogOffset < 0 ? -1 : files.commitLog().storeTimestampAt(commitLogOffset);
    }

    @Override
    public List<Long> candidates(int entryHash, long begin, long end, int limit) {
        return files.index().candidates(entryHash, begin, end, limit);
    }

    @Override
    public long deletedBefore(String topic) {
        return files.deletedTopics().deletedAt(topic);
    }

    @Override
    public ByteBuffer record(long physicalOffset) {
        return files.commitLog().record(physicalOffset);
    }

    @Override
    public long lastIndexedStoreTime() {
        return files.index().lastUpdateTimestamp();
    }

    @Override
    public long lastIndexedOffset() {
        return files.index().lastUpdateCommitLogOffset();
    }
}
