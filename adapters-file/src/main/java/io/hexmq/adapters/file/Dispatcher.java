package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.StorageException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reput step: reads commit-log records in log order, indexes their keys, appends their consume-queue
 * entries, then tells the arrival listeners. Whichever appender gets here first dispatches everything written so far
 * (so appends are readable when they return), under a lock separate from the append lock; recovery
 * uses the same code to rebuild the queues and the key index. Dispatch is idempotent per consume-queue
 * entry; the key index is trimmed to the restart point first, so no record is indexed twice.
 *
 * <p>Listeners are lent the record through one read-only view of the segment being dispatched,
 * re-pointed at each record: notifying allocates nothing per message (a new view only when dispatch
 * moves on to the next segment), and nothing at all while no listener is registered.
 */
final class Dispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final MessageIndex index;
    private final DeletedTopics deletedTopics;
    private final List<MessageArrivalListener> listeners = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private volatile long dispatchedOffset;
    /** The last topic seen, as bytes and String: consecutive records mostly share it, so no String is built. */
    private byte[] lastTopicBytes = new byte[0];
    private String lastTopic = "";
    /** The segment {@link #recordView} looks at; both touched only under the dispatch lock. */
    private MappedFile viewedSegment;
    private ByteBuffer recordView;

    Dispatcher(CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index, DeletedTopics deletedTopics) {
        this.commitLog = commitLog;
        this.queues = queues;
        this.index = index;
        this.deletedTopics = deletedTopics;
    }

    void addListener(MessageArrivalListener listener) {
        listeners.add(listener);
    }

    long dispatchedOffset() {
        return dispatchedOffset;
    }

    /** Rebuilds the queues from {@code from} to the end of the log, without telling listeners. */
    void recover(long from) {
        lock.lock();
        try {
            dispatchedOffset = from;
            run(commitLog.writtenOffset(), false);
        } finally {
            lock.unlock();
        }
    }

    /** Dispatches at least up to {@code target} (an offset the log has already written). */
    void dispatchUpTo(long target) {
        if (dispatchedOffset >= target) {
            return;
        }
        lock.lock();
        try {
            run(commitLog.writtenOffset(), true);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Deletes the topic's generation: dispatches everything written so far, marks the topic deleted at
     * the dispatched offset (durably, first), then runs {@code forget} (dropping counters) and deletes
     * its consume queues, all under the dispatch lock so no entry of the old generation lands afterwards.
     */
    void deleteTopic(String topic, Runnable forget) {
        lock.lock();
        try {
            run(commitLog.writtenOffset(), true);
            deletedTopics.add(topic, dispatchedOffset);
            forget.run();
            queues.delete(topic);
        } finally {
            lock.unlock();
        }
    }

    private void run(long end, boolean notify) {
        long offset = dispatchedOffset;
        while (offset < end) {
            MappedFile file = commitLog.segmentAt(offset);
            if (file == null) {
                throw new StorageException("commit log has no segment at dispatch offset " + offset);
            }
            ByteBuffer buffer = file.buffer();
            int position = (int) (offset - file.fromOffset());
            int size = MessageLayout.totalSize(buffer, position);
            if (MessageLayout.magicCode(buffer, position) == MessageLayout.BLANK_MAGIC_CODE) {
                offset = file.fromOffset() + file.size();
            } else {
                dispatch(file, position, offset, size, notify);
                offset += size;
            }
            dispatchedOffset = offset;
        }
    }

    private String topicOf(ByteBuffer buffer, int position) {
        int lengthAt = MessageLayout.topicLengthIndex(buffer, position);
        int length = buffer.get(lengthAt) & 0xFF;
        if (length == lastTopicBytes.length) {
            int i = 0;
            while (i < length && buffer.get(lengthAt + 1 + i) == lastTopicBytes[i]) {
                i++;
            }
            if (i == length) {
                return lastTopic;
            }
        }
        lastTopic = MessageLayout.topic(buffer, position);
        lastTopicBytes = lastTopic.getBytes(StandardCharsets.UTF_8);
        return lastTopic;
    }

    private void dispatch(MappedFile file, int position, long offset, int size, boolean notify) {
        ByteBuffer buffer = file.buffer();
        String topic = topicOf(buffer, position);
        if (deletedTopics.covers(topic, offset)) {
            return;
        }
        index.add(buffer, position, offset, topic);
        if (MessageSysFlag.isHiddenFromConsumeQueue(MessageLayout.sysFlag(buffer, position))) {
            return;
        }
        int queueId = MessageLayout.queueId(buffer, position);
        long queueOffset = MessageLayout.queueOffset(buffer, position);
        long tagsCode = MessageLayout.tagsCode(buffer, position);
        queues.findOrCreate(topic, queueId).put(queueOffset, offset, size, tagsCode);
        if (notify && !listeners.isEmpty()) {
            ByteBuffer record = recordView(file, position, size);
            for (MessageArrivalListener listener : listeners) {
                try {
                    listener.arrived(topic, queueId, queueOffset, tagsCode, record);
                } catch (RuntimeException e) {
                    // a listener must not stop dispatching: the queues would stop growing for everyone
                    LOG.warn("arrival listener failed for {}:{}@{}", topic, queueId, queueOffset, e);
                }
            }
        }
    }

    /** The record at {@code position} of {@code file}, as the view lent to listeners. */
    private ByteBuffer recordView(MappedFile file, int position, int size) {
        if (file != viewedSegment) {
            recordView = file.buffer().asReadOnlyBuffer();
            viewedSegment = file;
        }
        recordView.clear();
        recordView.position(position).limit(position + size);
        return recordView;
    }
}
