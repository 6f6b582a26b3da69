package io.hexmq.storage;

import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.QueryResult;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A query by key ({@link io.hexmq.domain.message.port.MessageStore#queryByKey}), alike in every store: the
 * store's key index names candidates, newest first, and each is confirmed against its record, because
 * index entries are hashes that other keys may share. Records of a deleted topic generation are skipped.
 *
 * <p>Costs one index walk and one record read per candidate; at most {@code maxNum} plus
 * {@value #CANDIDATE_SLACK} candidates are read.
 */
public final class KeyQuery {

    /** Candidates a query may reject (shared hashes) beyond the maxNum it returns. */
    static final int CANDIDATE_SLACK = 32;

    /** What a key query reads of a store. */
    public interface Source {

        /**
         * Physical offsets of the index entries hashed {@code entryHash} (see {@link IndexKeys#hash}) stored
         * within {@code [begin, end]}, newest first, at most {@code limit}; the entries of one record's
         * repeated key are adjacent.
         */
        List<Long> candidates(int entryHash, long begin, long end, int limit);

        /** The physical offset below which the topic's records belong to a deleted generation; 0 when never deleted. */
        long deletedBefore(String topic);

        /** The record at {@code physicalOffset}, positioned at its first byte; null when it is gone. */
        ByteBuffer record(long physicalOffset);

        /** Store time of the newest indexed record; 0 while none is. */
        long lastIndexedStoreTime();

        /** Physical offset of the newest indexed record; 0 while none is. */
        long lastIndexedOffset();
    }

    private final Source source;

    public KeyQuery(Source source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /**
     * At most {@code maxNum} records of {@code topic} that {@code key} finds in the index of {@code type},
     * stored within {@code [begin, end]}, newest first.
     */
    public QueryResult find(String topic, IndexType type, String key, int maxNum, long begin, long end) {
        List<ByteBuffer> found = new ArrayList<>();
        if (maxNum > 0) {
            long previous = -1;
            long deletedBefore = source.deletedBefore(topic);
            int entryHash = IndexKeys.hash(topic, type, key);
            for (long offset : source.candidates(entryHash, begin, end, maxNum + CANDIDATE_SLACK)) {
                if (offset == previous) {
                    continue;
                }
                previous = offset;
                if (offset < deletedBefore) {
                    continue;
                }
                ByteBuffer record = source.record(offset);
                if (record != null && matches(record, topic, type, key, begin, end)) {
                    found.add(record);
                    if (found.size() == maxNum) {
                        break;
                    }
                }
            }
        }
        return new QueryResult(found, source.lastIndexedStoreTime(), source.lastIndexedOffset());
    }

    private static boolean matches(ByteBuffer record, String topic, IndexType type, String key, long begin,
                                   long end) {
        long storedAt = MessageLayout.storeTimestamp(record, 0);
        return storedAt >= begin && storedAt <= end && IndexKeys.matches(record, 0, topic, type, key);
    }
}
