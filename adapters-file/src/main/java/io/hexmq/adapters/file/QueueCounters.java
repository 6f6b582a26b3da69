package io.hexmq.adapters.file;

import io.hexmq.adapters.file.commitlog.QueueCounter;
import io.hexmq.adapters.file.consumequeue.ConsumeQueue;
import io.hexmq.adapters.file.consumequeue.ConsumeQueueTable;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The next queue offset of every topic-queue, looked up before the append lock is taken (no key
 * object is built, so a steady-state lookup allocates nothing). A counter starts at its consume
 * queue's max offset, which is exact after recovery because a queue only lags behind the log while
 * its counter exists.
 */
final class QueueCounters {

    private final ConcurrentMap<String, TopicCounters> byTopic = new ConcurrentHashMap<>();
    private final ConsumeQueueTable queues;

    QueueCounters(ConsumeQueueTable queues) {
        this.queues = queues;
    }

    QueueCounter forQueue(String topic, int queueId) {
        TopicCounters counters = byTopic.get(topic);
        if (counters == null) {
            counters = byTopic.computeIfAbsent(topic, t -> new TopicCounters());
        }
        QueueCounter[] slots = counters.slots;
        if (queueId < slots.length && slots[queueId] != null) {
            return slots[queueId];
        }
        return counters.create(topic, queueId, queues);
    }

    /** Forgets the topic's counters: its next append starts from its (deleted, so empty) queue. */
    void removeTopic(String topic) {
        byTopic.remove(topic);
    }

    private static final class TopicCounters {
        private volatile QueueCounter[] slots = new QueueCounter[8];

        synchronized QueueCounter create(String topic, int queueId, ConsumeQueueTable queues) {
            QueueCounter[] current = slots;
            if (queueId < current.length && current[queueId] != null) {
                return current[queueId];
            }
            ConsumeQueue queue = queues.find(topic, queueId);
            QueueCounter counter = new QueueCounter(queue == null ? 0 : queue.maxOffset());
            QueueCounter[] next = queueId < current.length
                ? current.clone() : Arrays.copyOf(current, Math.max(queueId + 1, current.length * 2));
            next[queueId] = counter;
            slots = next;
            return counter;
        }
    }
}
