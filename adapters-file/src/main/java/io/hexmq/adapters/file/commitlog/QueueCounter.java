package io.hexmq.adapters.file.commitlog;

/**
 * The next logical offset of one topic-queue. Read and advanced only by the commit log's writer
 * under its append lock; that is what makes queue offsets dense and ordered like the log.
 */
public final class QueueCounter {

    private long next;

    public QueueCounter(long next) {
        this.next = next;
    }

    long next() {
        return next;
    }

    void advance(int count) {
        next += count;
    }
}
