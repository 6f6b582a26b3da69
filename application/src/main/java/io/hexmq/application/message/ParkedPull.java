package io.hexmq.application.message;

import io.hexmq.domain.message.MessageFilter;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A pull that found nothing and waits in {@link LongPollingPulls} for a message or its deadline.
 * Running it answers the pull once (it re-reads the queue, now without waiting); running it again
 * does nothing, so a wake-up racing the deadline cannot answer twice.
 */
public final class ParkedPull implements Runnable {

    private final String topic;
    private final int queueId;
    private final long offset;
    private final MessageFilter filter;
    private final long deadlineMillis;
    private final Runnable answer;
    private final AtomicBoolean answered = new AtomicBoolean();

    ParkedPull(String topic, int queueId, long offset, MessageFilter filter, long deadlineMillis, Runnable answer) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.queueId = queueId;
        this.offset = offset;
        this.filter = Objects.requireNonNull(filter, "filter");
        this.deadlineMillis = deadlineMillis;
        this.answer = Objects.requireNonNull(answer, "answer");
    }

    public String topic() {
        return topic;
    }

    public int queueId() {
        return queueId;
    }

    /** The logical offset the pull waits beyond (the queue's end when it parked). */
    public long offset() {
        return offset;
    }

    public long deadlineMillis() {
        return deadlineMillis;
    }

    /** Whether a message at {@code queueOffset} with {@code tagsCode} is one this pull waits for. */
    boolean wantedBy(int arrivedQueueId, long queueOffset, long tagsCode) {
        return arrivedQueueId == queueId && queueOffset >= offset && filter.matchesTagsCode(tagsCode);
    }

    /** Answers the pull, unless it was answered already. */
    @Override
    public void run() {
        if (answered.compareAndSet(false, true)) {
            answer.run();
        }
    }

    public boolean isAnswered() {
        return answered.get();
    }
}
