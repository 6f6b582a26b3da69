package io.hexmq.adapters.chronicle.consumequeue;

import io.hexmq.adapters.chronicle.mapped.MappedFiles;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every topic-queue's {@link QueueIndex}, found by topic and queue id without building a key object,
 * so the append path allocates nothing once a queue exists. Created by the writer (under the store's
 * append lock); read by anyone. Each queue's segments live in {@code root/topic/queueId/}.
 */
public final class QueueTable {

    /** Entries per segment file by default: 5 MiB of 20-byte entries. */
    public static final int SEGMENT_ENTRIES = 1 << 18;

    private final Map<String, QueueIndex[]> topics = new ConcurrentHashMap<>();
    private final Path root;
    private final int segmentEntries;

    public QueueTable(Path root, int segmentEntries) {
        if (segmentEntries <= 0) {
            throw new IllegalArgumentException("segmentEntries must be positive: " + segmentEntries);
        }
        this.root = root;
        this.segmentEntries = segmentEntries;
    }

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
        return put(topic, queueId, QueueIndex.create(directory(topic, queueId), segmentEntries, start));
    }

    /** At start, before any append: the queue as the checkpoint saved it ({@link QueueIndex#open}). */
    public void open(String topic, int queueId, long min, long max) {
        put(topic, queueId, QueueIndex.open(directory(topic, queueId), segmentEntries, min, max));
    }

    private QueueIndex put(String topic, int queueId, QueueIndex queue) {
        QueueIndex[] queues = topics.get(topic);
        QueueIndex[] grown = queues == null ? new QueueIndex[queueId + 1]
            : Arrays.copyOf(queues, Math.max(queues.length, queueId + 1));
        grown[queueId] = queue;
        topics.put(topic, grown);
        return queue;
    }

    /** Writer only: forgets every queue of the topic and deletes their files. */
    public void remove(String topic) {
        QueueIndex[] removed = topics.remove(topic);
        if (removed != null) {
            for (QueueIndex queue : removed) {
                if (queue != null) {
                    queue.delete();
                }
            }
        }
        MappedFiles.deleteTree(root.resolve(topic));
    }

    private Path directory(String topic, int queueId) {
        return root.resolve(topic).resolve(Integer.toString(queueId));
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
