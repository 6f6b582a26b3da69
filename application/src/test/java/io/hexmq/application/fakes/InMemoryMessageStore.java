package io.hexmq.application.fakes;

import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.IndexKeys;
import io.hexmq.domain.message.IndexType;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.OffsetMessageId;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.StoreBacklog;
import io.hexmq.domain.message.port.StoreHousekeeping;
import io.hexmq.domain.message.QueryResult;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.ReadStatus;
import io.hexmq.domain.message.StoreStamp;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link MessageStore} in memory for use-case tests: same encoding, offsets and statuses as the file
 * store, no durability (a "restart" keeps the state; {@link #dropLastRecord()} plays a crash).
 * Synchronised throughout, but for telling the arrival listeners; speed is not its job.
 */
public final class InMemoryMessageStore implements MessageStore, StoreHousekeeping, StoreBacklog {

    /** Bodies above this are rejected, as the file store does with its default {@code maxMessageSize}. */
    public static final int MAX_MESSAGE_SIZE = 4 * 1024 * 1024;
    /** In place of a given store time: the clock's. */
    private static final long CLOCK_TIME = -1;

    private final HostAddress storeHost;
    private final Clock clock;
    private final MessageEncoder encoder;
    private final NavigableMap<Long, ByteBuffer> log = new TreeMap<>();
    private final Map<String, List<Long>> queues = new HashMap<>();
    /** Per deleted topic, where the log ended at its deletion: older records of the topic are gone. */
    private final Map<String, Long> deletedAt = new HashMap<>();
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private long nextPhysicalOffset;
    private boolean running;

    public InMemoryMessageStore(HostAddress storeHost, Clock clock) {
        this.storeHost = storeHost;
        this.clock = clock;
        this.encoder = new MessageEncoder(MAX_MESSAGE_SIZE + 64 * 1024, storeHost);
    }

    private static String key(String topic, int queueId) {
        return topic + "@" + queueId;
    }

    @Override
    public synchronized void start() {
        running = true;
    }

    @Override
    public synchronized void shutdown() {
        running = false;
    }

    /** Forgets the newest record, as a crash that tore it would. */
    public synchronized void dropLastRecord() {
        Map.Entry<Long, ByteBuffer> last = log.pollLastEntry();
        if (last == null) {
            return;
        }
        nextPhysicalOffset = last.getKey();
        for (List<Long> entries : queues.values()) {
            entries.remove(last.getKey());
        }
    }

    @Override
    public AppendResult append(Message message) {
        return appendBatch(List.of(message));
    }

    @Override
    public AppendResult appendBatch(List<Message> messages) {
        return appendBatch(messages, storeHost, CLOCK_TIME);
    }

    @Override
    public AppendResult append(Message message, StoreStamp stamp) {
        return appendBatch(List.of(message), stamp);
    }

    @Override
    public AppendResult appendBatch(List<Message> messages, StoreStamp stamp) {
        return appendBatch(messages, stamp.storeHost(), stamp.storeTimestamp());
    }

    @Override
    public synchronized long commitLogMaxOffset() {
        return nextPhysicalOffset;
    }

    /** Tells the listeners outside the monitor, as the stores do, so that no append waits for a listener. */
    private AppendResult appendBatch(List<Message> messages, HostAddress host, long givenTimestamp) {
        List<ByteBuffer> arrived = new ArrayList<>();
        AppendResult result;
        synchronized (this) {
            result = store(messages, host, givenTimestamp, arrived);
        }
        Message first = messages.isEmpty() ? null : messages.get(0);
        for (int i = 0; i < arrived.size(); i++) {
            ByteBuffer record = arrived.get(i);
            for (MessageArrivalListener listener : listeners) {
                listener.arrived(first.topic(), first.queueId(), result.queueOffset() + i,
                        MessageLayout.tagsCode(record, 0), record.asReadOnlyBuffer());
            }
        }
        return result;
    }

    /**
     * Stores the batch with {@code host} and the given store time (the clock's for {@link #CLOCK_TIME}); the
     * records that became readable go to {@code arrived}, in queue order.
     */
    private AppendResult store(List<Message> messages, HostAddress host, long givenTimestamp,
            List<ByteBuffer> arrived) {
        if (!running) {
            return AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");
        }
        if (messages.isEmpty()) {
            return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "empty batch");
        }
        Message first = messages.get(0);
        boolean hidden = MessageSysFlag.isHiddenFromConsumeQueue(first.sysFlag());
        encoder.reset();
        for (Message message : messages) {
            if (!message.topic().equals(first.topic()) || message.queueId() != first.queueId()) {
                return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "a batch must target one topic-queue");
            }
            if (message.body().length > MAX_MESSAGE_SIZE) {
                return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL,
                    "message body exceeds maxMessageSize " + MAX_MESSAGE_SIZE);
            }
            if (encoder.encode(message, host) != MessageEncoder.Outcome.OK) {
                return AppendResult.rejected(AppendStatus.MESSAGE_ILLEGAL, "message cannot be encoded");
            }
        }
        List<Long> queue = queues.computeIfAbsent(key(first.topic(), first.queueId()), k -> new ArrayList<>());
        long queueOffset = hidden ? 0 : queue.size();
        long now = givenTimestamp == CLOCK_TIME ? clock.millis() : givenTimestamp;
        long firstPhysical = nextPhysicalOffset;
        ByteBuffer encoded = encoder.encoded();
        List<String> ids = new ArrayList<>();
        int at = 0;
        for (int i = 0; i < messages.size(); i++) {
            int size = MessageLayout.totalSize(encoded, at);
            long physical = nextPhysicalOffset;
            MessageLayout.stamp(encoded, at, hidden ? 0 : queueOffset + i, physical, now);
            ByteBuffer record = ByteBuffer.allocate(size).put(0, encoded, at, size);
            log.put(physical, record);
            if (!hidden) {
                queue.add(physical);
            }
            ids.add(OffsetMessageId.encode(host, physical));
            nextPhysicalOffset += size;
            at += size;
        }
        if (!hidden) {
            for (int i = 0; i < messages.size(); i++) {
                arrived.add(log.get(queue.get((int) queueOffset + i)));
            }
        }
        return new AppendResult(AppendStatus.PUT_OK, "", queueOffset, firstPhysical, at, ids, now);
    }

    @Override
    public synchronized ReadResult read(String topic, int queueId, long offset, int maxMessages, MessageFilter filter) {
        List<Long> queue = queues.get(key(topic, queueId));
        if (queue == null) {
            return ReadResult.empty(ReadStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0);
        }
        long max = queue.size();
        if (max == 0) {
            return ReadResult.empty(ReadStatus.NO_MESSAGE_IN_QUEUE, 0, 0, 0);
        }
        if (offset == max) {
            return ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_ONE, offset, 0, max);
        }
        if (offset > max) {
            return ReadResult.empty(ReadStatus.OFFSET_OVERFLOW_BADLY, max, 0, max);
        }
        if (offset < 0) {
            return ReadResult.empty(ReadStatus.OFFSET_TOO_SMALL, 0, 0, max);
        }
        List<ByteBuffer> found = new ArrayList<>();
        long next = offset;
        while (next < max && found.size() < Math.max(1, maxMessages)) {
            ByteBuffer record = log.get(queue.get((int) next));
            next++;
            if (filter.matchesTagsCode(MessageLayout.tagsCode(record, 0)) && filter.matchesStored(record.duplicate())) {
                found.add(record.asReadOnlyBuffer());
            }
        }
        return new ReadResult(found.isEmpty() ? ReadStatus.NO_MATCHED_MESSAGE : ReadStatus.FOUND, next, 0, max, found);
    }

    @Override
    public synchronized long minOffset(String topic, int queueId) {
        return 0;
    }

    @Override
    public synchronized long maxOffset(String topic, int queueId) {
        List<Long> queue = queues.get(key(topic, queueId));
        return queue == null ? 0 : queue.size();
    }

    @Override
    public synchronized long offsetByTime(String topic, int queueId, long timestampMillis) {
        List<Long> queue = queues.getOrDefault(key(topic, queueId), List.of());
        for (int i = 0; i < queue.size(); i++) {
            if (MessageLayout.storeTimestamp(log.get(queue.get(i)), 0) >= timestampMillis) {
                return i;
            }
        }
        return queue.size();
    }

    @Override
    public synchronized OptionalLong earliestStoreTime(String topic, int queueId) {
        List<Long> queue = queues.getOrDefault(key(topic, queueId), List.of());
        return queue.isEmpty() ? OptionalLong.empty()
            : OptionalLong.of(MessageLayout.storeTimestamp(log.get(queue.get(0)), 0));
    }

    @Override
    public synchronized Optional<ByteBuffer> lookup(long commitLogOffset) {
        return Optional.ofNullable(log.get(commitLogOffset)).map(ByteBuffer::asReadOnlyBuffer);
    }

    /** Scans the whole log, newest first: a fake needs no index. */
    @Override
    public synchronized QueryResult queryByKey(String topic, IndexType type, String key, int maxNum,
                                               long beginTimestamp,
                                               long endTimestamp) {
        List<ByteBuffer> found = new ArrayList<>();
        long deletedBefore = deletedAt.getOrDefault(topic, 0L);
        for (ByteBuffer record : log.tailMap(deletedBefore, true).descendingMap().values()) {
            if (found.size() >= maxNum) {
                break;
            }
            long storedAt = MessageLayout.storeTimestamp(record, 0);
            if (IndexKeys.indexed(record, 0) && storedAt >= beginTimestamp && storedAt <= endTimestamp
                && IndexKeys.matches(record, 0, topic, type, key)) {
                found.add(record.asReadOnlyBuffer());
            }
        }
        Map.Entry<Long, ByteBuffer> newest = log.lastEntry();
        return newest == null ? new QueryResult(found, 0, 0)
            : new QueryResult(found, MessageLayout.storeTimestamp(newest.getValue(), 0), newest.getKey());
    }

    /** Forgets the topic's queues; its records stay findable by offset, as in the real stores. */
    @Override
    public synchronized void deleteTopic(String topic) {
        queues.keySet().removeIf(queue -> queue.substring(0, queue.lastIndexOf('@')).equals(topic));
        deletedAt.put(topic, nextPhysicalOffset);
    }

    /** Nothing expires: the log lives as long as the store. */
    @Override
    public int deleteExpiredFiles() {
        return 0;
    }

    @Override
    public synchronized Set<String> queuedTopics() {
        Set<String> topics = new HashSet<>();
        for (String queue : queues.keySet()) {
            topics.add(queue.substring(0, queue.lastIndexOf('@')));
        }
        return topics;
    }

    @Override
    public void flush() {
        // nothing is durable
    }

    /** An append is readable before it returns, under the store's monitor. */
    @Override
    public long undispatchedBytes() {
        return 0;
    }

    /** Nothing ever goes to a disk, so nothing waits to. */
    @Override
    public long unflushedBytes() {
        return 0;
    }

    @Override
    public void registerArrivalListener(MessageArrivalListener listener) {
        listeners.add(listener);
    }
}
