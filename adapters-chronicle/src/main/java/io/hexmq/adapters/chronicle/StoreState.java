package io.hexmq.adapters.chronicle;

import io.hexmq.adapters.chronicle.consumequeue.QueueTable;
import io.hexmq.adapters.chronicle.directory.StoreDirectory;
import io.hexmq.adapters.chronicle.index.KeyIndex;
import io.hexmq.adapters.chronicle.log.ChronicleLog;
import io.hexmq.adapters.chronicle.log.DocumentSpans;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What the parts of the Chronicle store share: the log, the mapped indexes the start-up opens (and its
 * scan completes) and the appends extend, and the positions the writer moves. The writer changes them under
 * {@link #appendLock()} (retention and topic deletion take it too); readers use the volatile fields and
 * the indexes without a lock.
 */
final class StoreState {

    private final ReentrantLock appendLock = new ReentrantLock();
    private final StoreDirectory directory;
    private final DocumentSpans spans = new DocumentSpans();
    private final int maxIndexNum;
    /** Opened at start, with the log. */
    private volatile QueueTable queues;
    private volatile KeyIndex keyIndex;
    /** Opened at start, closed at shutdown. */
    private volatile ChronicleLog log;
    private volatile boolean running;
    /** Physical offset of the next record. */
    private volatile long nextPhysical;
    /** Physical offset of the oldest retained record. */
    private volatile long minPhysical;
    /** Per deleted topic, the physical offset below which its records are gone; replaced, never changed. */
    private volatile Map<String, Long> deletedTopics = Map.of();
    /** Chronicle index of the newest document, -1 while there is none; with its first record's physical offset. */
    private volatile long lastDocument = -1;
    private volatile long lastDocumentPhysical;

    StoreState(StoreDirectory directory, int maxIndexNum) {
        this.directory = directory;
        this.maxIndexNum = maxIndexNum;
        // empty until the start opens the saved ones, so that a store not yet started answers "no such queue"
        this.queues = new QueueTable(directory.consumeQueues(), QueueTable.SEGMENT_ENTRIES);
    }

    int maxIndexNum() {
        return maxIndexNum;
    }

    /** At start: the indexes over the log just opened. */
    void indexes(QueueTable queueTable, KeyIndex keys) {
        queues = queueTable;
        keyIndex = keys;
    }

    ReentrantLock appendLock() {
        return appendLock;
    }

    StoreDirectory directory() {
        return directory;
    }

    QueueTable queues() {
        return queues;
    }

    DocumentSpans spans() {
        return spans;
    }

    KeyIndex keyIndex() {
        return keyIndex;
    }

    ChronicleLog log() {
        return log;
    }

    void opened(ChronicleLog value) {
        log = value;
    }

    boolean running() {
        return running;
    }

    void running(boolean value) {
        running = value;
    }

    long nextPhysical() {
        return nextPhysical;
    }

    long minPhysical() {
        return minPhysical;
    }

    /** The physical offsets the log spans now: {@code [min, next)}. */
    void spanning(long min, long next) {
        minPhysical = min;
        nextPhysical = next;
    }

    /**
     * Writer (and start-up scan) only: one more document of records is written, its first record at
     * {@code physical}, and the next record starts at {@code next}.
     */
    void appended(long documentIndex, long physical, long next) {
        lastDocument = documentIndex;
        lastDocumentPhysical = physical;
        nextPhysical = next;
    }

    long lastDocument() {
        return lastDocument;
    }

    long lastDocumentPhysical() {
        return lastDocumentPhysical;
    }

    Map<String, Long> deletedTopics() {
        return deletedTopics;
    }

    void deletedTopics(Map<String, Long> value) {
        deletedTopics = Map.copyOf(value);
    }

    /** Retention only: the oldest retained record is now at {@code min}. */
    void retainedFrom(long min) {
        minPhysical = min;
    }

    /** The deleted-topic markers with {@code topic} deleted at the next physical offset, for the writer to save. */
    Map<String, Long> withDeleted(String topic) {
        Map<String, Long> next = new HashMap<>(deletedTopics);
        next.put(topic, nextPhysical);
        return next;
    }
}
