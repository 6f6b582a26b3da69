package io.hexmq.adapters.file.consumequeue;

import io.hexmq.domain.message.StorageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Stream;

/**
 * All consume queues of a store, under {@code <root>/<topic>/<queueId>/}. Queues are created by the
 * dispatcher on a topic-queue's first message.
 */
public final class ConsumeQueueTable {

    private final Path root;
    private final int fileSize;
    private final ConcurrentMap<String, ConcurrentMap<Integer, ConsumeQueue>> queues = new ConcurrentHashMap<>();

    public ConsumeQueueTable(Path root, int fileSize) {
        if (fileSize % ConsumeQueueEntryLayout.ENTRY_LENGTH != 0) {
            throw new IllegalArgumentException("consume queue file size must be a multiple of 20: " + fileSize);
        }
        this.root = root;
        this.fileSize = fileSize;
    }

    /** Maps every queue found on disk. */
    public void load() {
        try {
            Files.createDirectories(root);
            for (Path topicDirectory : list(root)) {
                String topic = topicDirectory.getFileName().toString();
                for (Path queueDirectory : list(topicDirectory)) {
                    int queueId;
                    try {
                        queueId = Integer.parseInt(queueDirectory.getFileName().toString());
                    } catch (NumberFormatException notAQueue) {
                        continue;
                    }
                    ConsumeQueue queue = new ConsumeQueue(topic, queueId, queueDirectory, fileSize);
                    queue.load();
                    queues.computeIfAbsent(topic, t -> new ConcurrentHashMap<>()).put(queueId, queue);
                }
            }
        } catch (IOException e) {
            throw new StorageException("cannot load consume queues under " + root, e);
        }
    }

    private static List<Path> list(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(Files::isDirectory).toList();
        }
    }

    /** The queue, or null when it has never held a message. */
    public ConsumeQueue find(String topic, int queueId) {
        ConcurrentMap<Integer, ConsumeQueue> byId = queues.get(topic);
        return byId == null ? null : byId.get(queueId);
    }

    public ConsumeQueue findOrCreate(String topic, int queueId) {
        ConsumeQueue queue = find(topic, queueId);
        if (queue != null) {
            return queue;
        }
        return queues.computeIfAbsent(topic, t -> new ConcurrentHashMap<>())
            .computeIfAbsent(queueId, id -> new ConsumeQueue(topic, id,
                root.resolve(topic).resolve(Integer.toString(id)), fileSize));
    }

    public List<ConsumeQueue> all() {
        List<ConsumeQueue> all = new ArrayList<>();
        for (ConcurrentMap<Integer, ConsumeQueue> byId : queues.values()) {
            all.addAll(byId.values());
        }
        return all;
    }

    /** Removes entries pointing at or past the end of a recovered commit log. */
    public void truncateBeyond(long commitLogEnd) {
        for (ConsumeQueue queue : all()) {
            queue.truncateBeyond(commitLogEnd);
        }
    }

    /** Follows the commit log's retention: drops dead segments and moves each queue's min offset. */
    public void correctMinOffsets(long commitLogMinOffset) {
        for (ConsumeQueue queue : all()) {
            queue.correctMinOffset(commitLogMinOffset);
        }
    }

    /** Removes every queue of the topic and deletes its files and directory. */
    public void delete(String topic) {
        ConcurrentMap<Integer, ConsumeQueue> byId = queues.remove(topic);
        if (byId != null) {
            for (ConsumeQueue queue : byId.values()) {
                queue.destroy();
            }
        }
        try {
            Files.deleteIfExists(root.resolve(topic));
        } catch (IOException e) {
            throw new StorageException("cannot delete the consume queues of " + topic + " under " + root, e);
        }
    }

    /**
     * Deletes the loaded queues of {@code topic} that still hold entries of a generation deleted at
     * {@code deletedAt} (their first entry lies below it), as a crash during the deletion leaves them.
     */
    public void deleteStale(String topic, long deletedAt) {
        ConcurrentMap<Integer, ConsumeQueue> byId = queues.get(topic);
        if (byId == null) {
            return;
        }
        byId.values().removeIf(queue -> {
            boolean stale = queue.commitLogOffsetAt(queue.minOffset()) < deletedAt;
            if (stale) {
                queue.destroy();
            }
            return stale;
        });
    }

    /** Topics with queues. */
    public Set<String> topics() {
        return Set.copyOf(queues.keySet());
    }

    public void flushAll() {
        for (ConsumeQueue queue : all()) {
            queue.flush();
        }
    }
}
