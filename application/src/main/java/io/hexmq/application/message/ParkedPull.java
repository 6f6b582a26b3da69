package io.hexmq.application.message;

import io.hexmq.domain.filter.Sql92Filter;
import io.hexmq.domain.message.MessageFilter;
import java.nio.ByteBuffer;
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
    /**
     * Whether an arrival must pass the filter on its stored record too, not only on its tag code. Only
     * SQL92 subscriptions are judged that way, as RocketMQ judges them: their tag-code check accepts
     * everything. Tag filters wake on the tag code alone (a hash collision wakes them and the re-read
     * sorts it out), which keeps the properties of the arriving record unread for them.
     */
    private final boolean byProperties;
    private final long deadlineMillis;
    private final Runnable answer;
    private final AtomicBoolean answered = new AtomicBoolean();

    ParkedPull(String topic, int queueId, long offset, MessageFilter filter, long deadlineMillis, Runnable answer) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.queueId = queueId;
        this.offset = offset;
        this.filter = Objects.requireNonNull(filter, "filter");
        this.byProperties = filter instanceof Sql92Filter;
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

    /**
     * Whether the message that arrived at {@code queueOffset} is one this pull waits for: same queue, at
     * or beyond its offset, accepted by its filter's tag-code check and, for an SQL92 pull, by its
     * expression over the stored record's properties. Cheap checks first, so a record's properties are
     * read only for an SQL92 pull parked on that very queue.
     *
     * @param record the stored record as lent by the store; null when the store did not lend it, and then
     *               an SQL92 pull wakes on any arrival and its re-read decides
     */
    boolean wantedBy(int arrivedQueueId, long queueOffset, long tagsCode, ByteBuffer record) {
        if (arrivedQueueId != queueId || queueOffset < offset || !filter.matchesTagsCode(tagsCode)) {
            return false;
        }
        if (!byProperties || record == null) {
            return true;
        }
        try {
            return filter.matchesStored(record);
        } catch (RuntimeException cannotJudge) {
            // Waking is the safe side: the re-read meets the same record and reports what is wrong with it.
            return true;
        }
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
