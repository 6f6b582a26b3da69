package io.hexmq.application.message;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The timer scheduler's step: delivers every timer message that is due to its real topic and queue.
 *
 * <p>Why this structure. Timer messages are parked in one queue of {@code rmq_sys_wheel_timer} in the
 * order they arrive, but each is due at its own time, so, unlike a delay level, the queue is not in due
 * order and its head says nothing about the rest. Reading the queue on every run would cost the number
 * of waiting messages per tick. Instead the step keeps an in-memory index of the waiting messages,
 * ordered by (due time, queue offset): a run reads only the newly parked records (from where the last
 * run stopped) into the index, then takes from its head exactly the messages that are due, each in
 * O(log n), and stops at the first one that is not. A message not yet due is never read again until it
 * is. The index is the equivalent of RocketMQ's timing wheel with unbounded precision: one entry of two
 * longs per waiting message, at most {@code timerMaxDelaySec} of traffic. It is a cache: the parked
 * records stay the truth, and after a restart the first run rebuilds the index by reading the queue
 * from {@link TimerProgress#scanFrom()}, the oldest record that may still wait.
 *
 * <p>Progress and crash story: deliveries go in (due time, offset) order, so the last delivered pair
 * says which records are done; it is saved with the scan start after each run that delivered. A crash
 * between a delivery and the save delivers those messages again after the restart (at least once);
 * none is lost. A message is only parked when due later than the clock at send time, and delivered
 * only when due at or before the clock, so a later arrival never sorts before a delivered one, unless
 * the wall clock steps back or the append takes longer than the gap; such a message is still
 * delivered while the broker runs, but would be taken for delivered after a crash before its time.
 *
 * <p>Not a loop and no thread: whoever drives it calls {@link #deliver()} when the returned
 * {@link Result#nextDueMillis()} comes and when a new message is parked earlier ({@link TimerArrivals}).
 * Calls must not overlap; the method is synchronised to make sure.
 */
public final class DeliverDueTimerMessages {

    /** {@link Result#nextDueMillis()} when no timer message waits. */
    public static final long NOTHING_WAITING = Long.MAX_VALUE;

    private static final int READ_BATCH = 32;
    /** Deliveries per call: a backlog is delivered in slices, with progress saved after each. */
    private static final int MAX_DELIVERIES = 1024;
    static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    /**
     * @param delivered     messages delivered to their real topic by this call
     * @param skipped       due records that no longer exist or do not say where they belong, passed over
     * @param scanned       timer-topic records read into the index by this call (only newly parked ones,
     *                      or, on the first call, those waiting since before a restart)
     * @param waiting       timer messages still waiting after this call
     * @param nextDueMillis when to call again: the earliest due time of a waiting message, "now" when a
     *                      backlog is left, a back-off after a store failure, or {@link #NOTHING_WAITING}
     */
    public record Result(int delivered, int skipped, int scanned, int waiting, long nextDueMillis) {
    }

    /** A waiting message in the index, in due order. */
    private record Waiting(long dueMillis, long offset) implements Comparable<Waiting> {

        @Override
        public int compareTo(Waiting other) {
            int byDue = Long.compare(dueMillis, other.dueMillis);
            return byDue != 0 ? byDue : Long.compare(offset, other.offset);
        }
    }

    private final MessageStore store;
    private final TimerProgressStore progressStore;
    private final Clock clock;
    private final TreeSet<Waiting> byDue = new TreeSet<>();
    private final TreeSet<Long> offsets = new TreeSet<>();
    private TimerProgress progress;
    /** The next timer-topic offset not read into the index; -1 until the first run rebuilt it. */
    private long readUpTo = -1;

    /** Reads the saved progress; the message store need not be started yet, only before {@link #deliver()}. */
    public DeliverDueTimerMessages(MessageStore store, TimerProgressStore progressStore, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.progressStore = Objects.requireNonNull(progressStore, "progressStore");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.progress = progressStore.load();
    }

    public synchronized Result deliver() {
        long now = clock.millis();
        boolean rebuilding = readUpTo < 0;
        if (rebuilding) {
            readUpTo = progress.scanFrom();
        }
        int scanned = readNewlyParked(rebuilding);
        int delivered = 0;
        int skipped = 0;
        long nextDue = NOTHING_WAITING;
        TimerProgress before = progress;
        while (!byDue.isEmpty()) {
            Waiting first = byDue.first();
            if (first.dueMillis() > now) {
                nextDue = first.dueMillis();
                break;
            }
            if (delivered + skipped >= MAX_DELIVERIES) {
                nextDue = now;
                break;
            }
            Message delivery = unparked(first.offset());
            if (delivery == null) {
                skipped++;
            } else {
                AppendResult appended = store.append(delivery);
                if (!appended.status().isStored()) {
                    nextDue = now + RETRY_AFTER_FAILURE_MILLIS;
                    break;
                }
                delivered++;
            }
            byDue.pollFirst();
            offsets.remove(first.offset());
            progress = new TimerProgress(progress.scanFrom(), first.dueMillis(), first.offset());
        }
        long scanFrom = offsets.isEmpty() ? readUpTo : offsets.first();
        if (scanFrom != progress.scanFrom()) {
            progress = new TimerProgress(scanFrom, progress.lastDueMillis(), progress.lastOffset());
        }
        if (!progress.equals(before)) {
            progressStore.save(progress);
        }
        return new Result(delivered, skipped, scanned, byDue.size(), nextDue);
    }

    /** Reads the records parked since the last run into the index; on a rebuild skips delivered ones. */
    private int readNewlyParked(boolean rebuilding) {
        int scanned = 0;
        while (true) {
            ReadResult read = store.read(TimerParking.TIMER_TOPIC, 0, readUpTo, READ_BATCH, MessageFilter.ALL);
            switch (read.status()) {
                case FOUND -> {
                    for (ByteBuffer record : read.messages()) {
                        long offset = MessageLayout.queueOffset(record, 0);
                        long dueAt = MessageLayout.tagsCode(record, 0);
                        if (!(rebuilding && progress.delivered(dueAt, offset))) {
                            byDue.add(new Waiting(dueAt, offset));
                            offsets.add(offset);
                        }
                        scanned++;
                        readUpTo = offset + 1;
                    }
                    readUpTo = Math.max(readUpTo, read.nextBeginOffset());
                }
                // The saved offset fell below what the store keeps, or past its end: go on where it says.
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> {
                    if (read.nextBeginOffset() == readUpTo) {
                        return scanned;
                    }
                    readUpTo = read.nextBeginOffset();
                }
                default -> {
                    return scanned;
                }
            }
        }
    }

    /** The parked record at {@code offset} as it is delivered; null when it is gone or not deliverable. */
    private Message unparked(long offset) {
        ReadResult read = store.read(TimerParking.TIMER_TOPIC, 0, offset, 1, MessageFilter.ALL);
        if (read.messages().isEmpty()) {
            return null;
        }
        ByteBuffer record = read.messages().get(0);
        if (MessageLayout.queueOffset(record, 0) != offset) {
            return null;
        }
        return DelayedDelivery.unpark(StoredMessage.decode(record));
    }
}
