package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueIndex;
import io.hexmq.adapters.chronicle.directory.StoreDirectory;
import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.AppendStatus;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.StorageException;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.storage.AppendEncoding;
import io.hexmq.storage.DiskSpaceGuard;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Chronicle store's appends. Encode into this thread's reused buffer, then under the append lock:
 * assign queue offset, physical offset and store time, write one Chronicle document with this thread's
 * appender, publish the consume-queue and key-index entries. Listeners hear of the new messages after
 * the lock is released, and the {@link LogFlusher} makes them durable as the flush policy says: under
 * SYNC_FLUSH {@link #appendAsync} returns once written and its stage completes when the flush thread's force
 * covers it, and the blocking appends wait for that stage ({@link LogFlusher#awaitDurable}). Nothing is allocated per message except the
 * {@link AppendResult} the port returns (and, under SYNC_FLUSH, the waiter and its stage). An append "as
 * given" takes the same path with the given store host and time instead of the store's own.
 */
final class LogWriter {

    private static final AppendResult NOT_RUNNING =
        AppendResult.rejected(AppendStatus.SERVICE_NOT_AVAILABLE, "message store is not running");

    private final StoreState state;
    private final LogFlusher flusher;
    private final DiskSpaceGuard diskSpace;
    private final Clock clock;
    private final HostAddress storeHost;
    private final int maxMessageSize;
    private final ThreadLocal<MessageEncoder> encoders;
    private final ThreadLocal<RecordView> recordViews = ThreadLocal.withInitial(RecordView::new);
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();

    LogWriter(StoreState state, LogFlusher flusher, DiskSpaceGuard diskSpace, Clock clock, HostAddress storeHost,
              ChronicleStoreSettings settings) {
        this.state = state;
        this.flusher = flusher;
        this.diskSpace = diskSpace;
        this.clock = clock;
        this.storeHost = storeHost;
        this.maxMessageSize = settings.maxMessageSize();
        int maxRecordLength = settings.maxRecordLength();
        this.encoders = ThreadLocal.withInitial(() -> new MessageEncoder(maxRecordLength, storeHost));
    }

    void addListener(MessageArrivalListener listener) {
        listeners.add(listener);
    }

    AppendResult append(Message message) {
        return durable(write(message, storeHost, AppendEncoding.CLOCK_TIME));
    }

    AppendResult appendBatch(List<Message> messages) {
        return durable(writeBatch(messages, storeHost, AppendEncoding.CLOCK_TIME));
    }

    /** An append "as given" with {@code host} and {@code storeTimestamp}, or {@link AppendEncoding#CLOCK_TIME}. */
    AppendResult append(Message message, HostAddress host, long storeTimestamp) {
        return durable(write(message, host, storeTimestamp));
    }

    /** A batch "as given", as {@link #append(Message, HostAddress, long)}. */
    AppendResult appendBatch(List<Message> messages, HostAddress host, long storeTimestamp) {
        return durable(writeBatch(messages, host, storeTimestamp));
    }

    /** Returns once written and readable; the stage completes as the flush policy says ({@link LogFlusher}). */
    CompletionStage<AppendResult> appendAsync(Message message) {
        return whenDurable(write(message, storeHost, AppendEncoding.CLOCK_TIME));
    }

    CompletionStage<AppendResult> appendBatchAsync(List<Message> messages) {
        return whenDurable(writeBatch(messages, storeHost, AppendEncoding.CLOCK_TIME));
    }

    /** {@code written} once the flush policy holds it true: the blocking appends wait here, the only place. */
    private AppendResult durable(AppendResult written) {
        return flusher.syncFlush() && written.status().isStored()
            ? flusher.awaitDurable(written.commitLogOffset() + written.wroteBytes(), written) : written;
    }

    private CompletionStage<AppendResult> whenDurable(AppendResult written) {
        if (!written.status().isStored()) {
            return CompletableFuture.completedFuture(written);
        }
        return flusher.whenDurable(written.commitLogOffset() + written.wroteBytes(), written);
    }

    private AppendResult write(Message message, HostAddress host, long storeTimestamp) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        MessageEncoder encoder = encoders.get();
        AppendResult rejection = AppendEncoding.encode(encoder, message, host, maxMessageSize);
        if (rejection != null) {
            return rejection;
        }
        return commit(encoder, 1, message.topic(), message.queueId(),
            MessageSysFlag.isHiddenFromConsumeQueue(message.sysFlag()), host, storeTimestamp);
    }

    private AppendResult writeBatch(List<Message> messages, HostAddress host, long storeTimestamp) {
        AppendResult refusal = refusal();
        if (refusal != null) {
            return refusal;
        }
        MessageEncoder encoder = encoders.get();
        AppendResult rejection = AppendEncoding.encodeBatch(encoder, messages, host, maxMessageSize);
        if (rejection != null) {
            return rejection;
        }
        Message first = messages.get(0);
        return commit(encoder, messages.size(), first.topic(), first.queueId(), false, host, storeTimestamp);
    }

    /** Why appends are refused now (stopped, disk full); null while they are accepted. */
    private AppendResult refusal() {
        return state.running() ? diskSpace.refusal() : NOT_RUNNING;
    }

    private AppendResult commit(MessageEncoder encoder, int count, String topic, int queueId, boolean hidden,
                                HostAddress host, long givenTimestamp) {
        ByteBuffer records = encoder.encoded();
        int length = encoder.encodedLength();
        long queueOffset;
        long physical;
        long storeTimestamp;
        ReentrantLock appendLock = state.appendLock();
        appendLock.lock();
        try {
            if (!state.running()) {
                return NOT_RUNNING;
            }
            QueueIndex queue = hidden ? null : state.queues().findOrCreate(topic, queueId, 0);
            queueOffset = hidden ? 0 : queue.maxOffset();
            physical = state.nextPhysical();
            storeTimestamp = AppendEncoding.storeTimestamp(givenTimestamp, clock);
            int at = 0;
            for (int i = 0; i < count; i++) {
                MessageLayout.stamp(records, at, hidden ? 0 : queueOffset + i, physical + at, storeTimestamp);
                at += MessageLayout.totalSize(records, at);
            }
            ChronicleLog log = state.log();
            long documentIndex;
            try {
                documentIndex = log.append(records, length);
            } catch (RuntimeException e) {
                throw new StorageException("cannot append to the Chronicle store in "
                    + state.directory().chronicle() + ": " + e, e);
            }
            state.appended(documentIndex, physical, physical + length);
            state.spans().written(log.cycleOf(documentIndex), documentIndex, physical);
            index(records, count, topic, physical, documentIndex, queue);
        } finally {
            appendLock.unlock();
        }
        if (!hidden && !listeners.isEmpty()) {
            notifyArrivals(records, count, topic, queueId, queueOffset);
        }
        return new AppendResult(AppendStatus.PUT_OK, "", queueOffset, physical, length,
            AppendEncoding.msgIds(host, physical, records, count), storeTimestamp);
    }

    /** Under the append lock: the key-index entries of the written records, and their queue entries unless hidden. */
    private void index(ByteBuffer records, int count, String topic, long physical, long documentIndex,
                       QueueIndex queue) {
        int at = 0;
        for (int i = 0; i < count; i++) {
            state.keyIndex().add(records, at, physical + at, topic);
            at += MessageLayout.totalSize(records, at);
        }
        if (queue != null) {
            at = 0;
            for (int i = 0; i < count; i++) {
                queue.add(documentIndex, at, MessageLayout.tagsCode(records, at));
                at += MessageLayout.totalSize(records, at);
            }
        }
    }

    /**
     * Marks the topic deleted at the next physical offset (durably, in {@link StoreDirectory}) and forgets
     * its queue indexes, under the append lock; its key-index entries are skipped by queries from now on
     * and not rebuilt by the start-up scan. The log keeps the records until retention.
     */
    void deleteTopic(String topic) {
        ReentrantLock appendLock = state.appendLock();
        appendLock.lock();
        try {
            if (!state.running()) {
                throw new IllegalStateException("message store is not running");
            }
            Map<String, Long> next = state.withDeleted(topic);
            state.directory().writeDeletedTopics(next);
            state.deletedTopics(next);
            state.queues().remove(topic);
            state.directory().writeQueueOffsets(state.queues());
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * Tells the listeners of each appended record, lending it through the appending thread's
     * {@link RecordView} of its encoder's buffer: the stamped bytes are exactly what was stored.
     */
    private void notifyArrivals(ByteBuffer records, int count, String topic, int queueId, long queueOffset) {
        RecordView view = recordViews.get();
        int at = 0;
        for (int i = 0; i < count; i++) {
            long tagsCode = MessageLayout.tagsCode(records, at);
            int size = MessageLayout.totalSize(records, at);
            ByteBuffer record = view.of(records, at, size);
            for (MessageArrivalListener listener : listeners) {
                listener.arrived(topic, queueId, queueOffset + i, tagsCode, record);
            }
            at += size;
        }
    }

    /**
     * One appending thread's read-only view of its encoder's buffer, re-pointed at each record lent to the
     * arrival listeners. The encoder's buffer is the same for the thread's whole life, so the view is made
     * once per thread and notifying allocates nothing per message; the encoder's own position (its encoded
     * length) is never touched.
     */
    private static final class RecordView {

        private ByteBuffer source;
        private ByteBuffer view;

        ByteBuffer of(ByteBuffer records, int at, int size) {
            if (records != source) {
                view = records.asReadOnlyBuffer();
                source = records;
            }
            view.clear();
            view.position(at).limit(at + size);
            return view;
        }
    }
}
