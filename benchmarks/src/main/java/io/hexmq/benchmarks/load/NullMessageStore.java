package io.hexmq.benchmarks.load;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A message store that keeps nothing but counters: the ceiling of any real store on this machine,
 * measured through the real broker. Appends answer PUT_OK with dense queue offsets and commit-log offsets
 * that advance by the record's size, so the answer looks like a real store's; reads find nothing (every
 * queue looks empty, so consumers long-poll and are never woken), lookups and queries find nothing.
 * Benchmarks only: never wired into a shipped broker.
 */
public final class NullMessageStore implements MessageStore, StoreHousekeeping {

    /** Queue ids the counters cover per topic; an append to a higher one is refused. */
    static final int MAX_QUEUES = 1024;

    private final HostAddress storeHost;
    private final Clock clock;
    private final ConcurrentHashMap<String, AtomicLongArray> queueOffsets = new ConcurrentHashMap<>();
    private final AtomicLong commitLogOffset = new AtomicLong();

    public NullMessageStore(HostAddress storeHost, Clock clock) {
        this.storeHost = storeHost;
        this.clock = clock;
    }

    @Override
    public void start() {
    }

    @Override
    public void shutdown() {
    }

    @Override
    public AppendResult append(Message message) {
        return append(message, new StoreStamp(clock.millis(), storeHost));
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        return appendBatch(List.of(message), stamp);
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return appendBatch(messages, new StoreStamp(clock.millis(), storeHost));
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        Message first = messages.get(0);
        if (first.queueId() < 0 || first.queueId() >= MAX_QUEUES) {
            return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "queue id beyond the null store's counters");
        }
        long queueOffset = queueOffsets.computeIfAbsent(first.topic(), topic -> new AtomicLongArray(MAX_QUEUES))
                .getAndAdd(first.queueId(), messages.size());
        int[] sizes = new int[messages.size()];
        int total = 0;
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = recordSize(messages.get(i));
            total += sizes[i];
        }
        long physical = commitLogOffset.getAndAdd(total);
        List<String> msgIds = new ArrayList<>(sizes.length);
        long at = physical;
        for (int size : sizes) {
            msgIds.add(OffsetMessageId.encode(stamp.storeHost(), at));
            at += size;
        }
        return new AppendResult(AppendStatus.PUT_OK, "", queueOffset, physical, total, msgIds, stamp.storeTimestamp());
    }

    /** About the size the record would take in the file store's layout. */
    private static int recordSize(Message message) {
        String properties = message.properties() == null ? "" : message.properties();
        return MessageLayout.MIN_RECORD_LENGTH + message.topic().length() + message.body().length
                + properties.length();
    }

    @Override
    public long commitLogMaxOffset() {
        return commitLogOffset.get();
    }

    @Override
    public ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        return ReadResult.empty(offset == 0 ? ReadStatus.OFFSET_OVERFLOW_ONE : ReadStatus.OFFSET_OVERFLOW_BADLY,
                0, 0, 0);
    }

    @Override
    public long minOffset(String topic, int queueId) {
        return 0;
    }

    @Override
    public long maxOffset(String topic, int queueId) {
        return 0;
    }

    @Override
    public long offsetByTime(String topic, int queueId, long timestampMillis) {
        return 0;
    }

    @Override
    public OptionalLong earliestStoreTime(String topic, int queueId) {
        return OptionalLong.empty();
    }

    @Override
    public Optional<ByteBuffer> lookup(long offset) {
        return Optional.empty();
    }

    @Override
    public QueryResult queryByKey(String topic, IndexType type, String key, int maxNum, long beginTimestamp,
                               long endTimestamp) {
        return new QueryResult(List.of(), 0, 0);
    }

    @Override
    public void deleteTopic(String topic) {
        queueOffsets.remove(topic);
    }

    @Override
    public void flush() {
    }

    /** Nothing ever becomes readable, so no listener is ever told. */
    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
    }

    /** Nothing is kept, so nothing expires. */
    @Override
    public int deleteExpiredFiles() {
        return 0;
    }

    @Override
    public Set<String> queuedTopics() {
        return Set.copyOf(queueOffsets.keySet());
    }
}
