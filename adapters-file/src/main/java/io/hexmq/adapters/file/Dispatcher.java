package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.CommitLog;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import io.hexmq.adapters.file.index.MessageIndex;
import io.hexmq.adapters.file.mmap.MappedFile;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageSysFlag;
import io.hexmq.domain.message.port.MessageArrivalListener;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The reput step: reads commit-log records in log order, indexes their keys and appends their
 * consume-queue entries. Whichever appender gets here first dispatches everything written so far (so
 * appends are readable when they return), under a lock separate from the append lock, and then, with
 * that lock released, tells the arrival listeners of what it dispatched ({@link ArrivalNotifier}).
 * Recovery uses the same code to rebuild the queues and the key index, telling no one. Dispatch is
 * idempotent per consume-queue entry; the key index is trimmed to the restart point first, so no record
 * is indexed twice.
 */
final class Dispatcher {

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final MessageIndex index;
    private final DeletedTopics deletedTopics;
    private final ArrivalNotifier arrivals;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile long dispatchedOffset;
    /** The walk and the topic cache are touched only under the dispatch lock. */
    private final RecordWalk walk;
    private final TopicNames topics = new TopicNames();
    private final RecordWalk.Visitor dispatchOne = this::dispatch;

    Dispatcher(CommitLog commitLog, ConsumeQueueTable queues, MessageIndex index, DeletedTopics deletedTopics) {
        this.commitLog = commitLog;
        this.queues = queues;
        this.index = index;
        this.deletedTopics = deletedTopics;
        this.arrivals = new ArrivalNotifier(commitLog, deletedTopics);
        this.walk = new RecordWalk(commitLog);
    }

    void addListener(MessageArrivalListener listener) {
        arrivals.addListener(listener);
    }

    long dispatchedOffset() {
        return dispatchedOffset;
    }

    /** Rebuilds the queues from {@code from} to the end of the log, without telling listeners. */
    void recover(long from) {
        lock.lock();
        try {
            dispatchedOffset = from;
            run();
        } finally {
            lock.unlock();
        }
    }

    /** Dispatches at least up to {@code target} (an offset the log has already written). */
    void dispatchUpTo(long target) {
        if (dispatchedOffset >= target) {
            return;
        }
        long from;
        long to;
        lock.lock();
        try {
            from = dispatchedOffset;
            to = run();
        } finally {
            lock.unlock();
        }
        arrivals.arrived(from, to);
    }

    /**
     * Deletes the topic's generation: dispatches everything written so far, marks the topic deleted at
     * the dispatched offset (durably, first), then runs {@code forget} (dropping counters) and deletes
     * its consume queues, all under the dispatch lock so no entry of the old generation lands afterwards.
     */
    void deleteTopic(String topic, Runnable forget) {
        long from;
        long to;
        lock.lock();
        try {
            from = dispatchedOffset;
            to = run();
            deletedTopics.add(topic, dispatchedOffset);
            forget.run();
            queues.delete(topic);
        } finally {
            lock.unlock();
        }
        arrivals.arrived(from, to);
    }

    /** Under the lock: dispatches up to the log's written end; returns the new dispatched offset. */
    private long run() {
        dispatchedOffset = walk.over(dispatchedOffset, commitLog.writtenOffset(), dispatchOne);
        return dispatchedOffset;
    }

    /** Under the lock: dispatches one record. */
    private void dispatch(MappedFile segment, int position, long offset, int size) {
        ByteBuffer buffer = segment.buffer();
        String topic = topics.topicOf(buffer, position);
        if (!deletedTopics.covers(topic, offset)) {
            index.add(buffer, position, offset, topic);
            if (!MessageSysFlag.isHiddenFromConsumeQueue(MessageLayout.sysFlag(buffer, position))) {
                queues.findOrCreate(topic, MessageLayout.queueId(buffer, position))
                    .put(MessageLayout.queueOffset(buffer, position), offset, size, MessageLayout.tagsCode(buffer, position));
            }
        }
        dispatchedOffset = offset + size;
    }
}
