package io.hexmq.adapters.chronicle.consumequeue;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every topic-queue's {@link QueueIndex}, found by topic and queue id without building a key object,
 * so the append path allocates nothing once a queue exists. Created by the writer (under the store's
 * append lock); read by anyone.
 */
public final class QueueTable {

    private final Map<String, QueueIndex[]> topics = new ConcurrentHashMap<>();

    /** The queue's index, or null when the store has never held the queue. */
    public QueueIndex find(String topic, int queueId) {
        QueueIndex[] queues = topics.get(topic);
        return queues == null || queueId >= queues.length ? null : queues[queueId];
    }

    /** Writer only: the queue's index, created empty (next offset {@code start}) when missing. */
    public QueueIndex findOrCreate(String topic, int queueId, long start) {
        QueueIndex found = find(topic, queueId);
        if (found != null) {
            return found;
        }
        QueueIndex[] queues = topics.get(topic);
        QueueIndex[] grown = queues == null ? new QueueIndex[queueId + 1]
            : Arrays.copyOf(queues, Math.max(queues.length, queueId + 1));
        QueueIndex created = new QueueIndex(start);
        grown[queueId] = created;
        topics.put(topic, grown);
        return created;
    }

    /** Writer only: forgets every queue of the topic. */
    public void remove(String topic) {
        topics.remove(topic);
    }

    /** Topics with at least one queue. */
    public Set<String> topics() {
        return Set.copyOf(topics.keySet());
    }

    public void forEach(QueueVisitor visitor) {
        topics.forEach((topic, queues) -> {
            for (int queueId = 0; queueId < queues.length; queueId++) {
                if (queues[queueId] != null) {
                    visitor.visit(topic, queueId, queues[queueId]);
                }
            }
        });
    }

    public int size() {
        int[] count = {0};
        forEach((topic, queueId, queue) -> count[0]++);
        return count[0];
    }

    @FunctionalInterface
    public interface QueueVisitor {
        void visit(String topic, int queueId, QueueIndex queue);
    }
}
