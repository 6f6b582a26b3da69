package io.hexmq.application.message;

import io.hexmq.application.broker.CountsByKey;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiConsumer;

/**
 * What the timer scheduler ({@link DeliverDueTimerMessages}) reports of its index, by the real topic of each
 * timer message: messages taken into the index (enqueued), messages delivered from it (dequeued), messages
 * waiting in it, and the earliest due time among them. The figures behind RocketMQ 5.x's
 * {@code rocketmq_timer_enqueue_total}, {@code rocketmq_timer_dequeue_total}, {@code rocketmq_timing_messages}
 * and {@code rocketmq_timer_dequeue_latency}.
 *
 * <p>One instance for the broker's life; a scheduler made for a new leadership term rebuilds its index and
 * starts the waiting counts over ({@link #rebuilding()}). Updated on the scheduler's thread, once per timer
 * message read and per delivery, never on the send path; read from any thread. Memory: a few counters per topic
 * that ever had a timer message. In memory only.
 */
public final class TimerCounts {

    private final CountsByKey<String> enqueued = new CountsByKey<>();
    private final CountsByKey<String> dequeued = new CountsByKey<>();
    private final CountsByKey<String> waiting = new CountsByKey<>();
    /** Each topic's name once, so that index entries share it instead of each holding a copy. */
    private final ConcurrentMap<String, String> names = new ConcurrentHashMap<>();
    private volatile long earliestDue = DeliverDueTimerMessages.NOTHING_WAITING;

    /** The scheduler is rebuilding its index from the store: nothing counts as waiting until it has read it. */
    void rebuilding() {
        waiting.clear();
    }

    /**
     * A timer message of {@code topic} taken into the index. A rebuild takes in again what it finds waiting, and
     * counts it again: after a restart that is what the index took in; after a new leadership term, a repeat.
     *
     * @return the one instance of {@code topic}'s name these counts keep, for the index entry to hold
     */
    String parked(String topic) {
        enqueued.increment(topic);
        waiting.increment(topic);
        return names.computeIfAbsent(topic, key -> key);
    }

    /** A message of {@code topic} left the index, delivered to its topic or passed over (gone or recalled). */
    void left(String topic, boolean delivered) {
        waiting.decrement(topic);
        if (delivered) {
            dequeued.increment(topic);
        }
    }

    /** The earliest due time (epoch ms) in the index after a run, {@code NOTHING_WAITING} when empty. */
    void earliestDue(long dueMillis) {
        earliestDue = dueMillis;
    }

    /** How late the earliest waiting message is at {@code now}, in ms; 0 when none is due yet. */
    public long dequeueLatencyMillis(long now) {
        long due = earliestDue;
        return due <= now ? now - due : 0;
    }

    public void forEachEnqueued(BiConsumer<String, Long> reader) {
        enqueued.forEach(reader);
    }

    public void forEachDequeued(BiConsumer<String, Long> reader) {
        dequeued.forEach(reader);
    }

    public void forEachWaiting(BiConsumer<String, Long> reader) {
        waiting.forEach(reader);
    }
}
