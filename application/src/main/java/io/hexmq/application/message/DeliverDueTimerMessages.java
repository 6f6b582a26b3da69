package io.hexmq.application.message;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.HostAddress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.TimerProgress;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.message.port.TimerProgressStore;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
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
 * is. The index is the equivalent of RocketMQ's timing wheel with unbounded precision: one entry of
 * three longs and the real topic's shared name per waiting message (counted by topic in {@link TimerCounts}), at most {@code timerMaxDelaySec} of traffic. It is a cache: the
 * parked records stay the truth, and after a restart the first run rebuilds it.
 *
 * <p>What is delivered, durably. Delivery order says nothing reliable about parking order (a wall clock
 * stepping back, or an append slower than its message's delay, parks a message due before one already
 * delivered), so no single (due, offset) pair can say what is done. Two facts do. Every parked offset
 * below {@link TimerProgress#scanFrom()}, the lowest offset still waiting, was delivered (or passed
 * over as undeliverable). A message taken off the index at or above it is named in a marker record
 * ({@link TimerMarkers}, appended to {@code rmq_sys_wheel_timer_delivered} through the same
 * {@link MessageStore}), one marker for all such messages of a run (up to 1,024
 * offsets a marker); one taken in parking order needs none, since {@code scanFrom} passes it. The
 * progress also keeps {@link TimerProgress#markersFrom()}, where the markers that can still matter
 * start: a waiting message remembers the marker queue's end when it was read (or, read by a rebuild,
 * the saved {@code markersFrom}); a message parked after it is read no earlier, so its marker lands at
 * or after that value, and the value remembered by the lowest waiting message bounds them all. The
 * rebuild reads the markers from there into a bit set of the offsets at or above
 * {@code scanFrom} (one bit per parked offset, dropped after the rebuild), then the parked records from
 * {@code scanFrom}, and indexes every one no marker names. It never skips a message on the strength of
 * its due time.
 *
 * <p>Crash story. A run appends the deliveries, then the run's marker, then saves the progress
 * ({@link TimerProgressStore}) if it moved. A crash after a delivery and before its marker (or, for a
 * message taken in parking order, before the progress passed it) delivers that message again after the
 * restart: at least once, never lost. A crash after the marker delivers nothing twice, and a marker
 * never outlives its delivery: both go to the store's one log in that order, and recovery keeps a
 * prefix of it. Under asynchronous flush a failing machine may lose the last flush interval of
 * deliveries and markers, as of every append; the progress file is written synchronously, so such a
 * delivery is lost only when the progress saved after it also passed it. A marker the store refuses
 * (full disk, shutting down) is tried again on the next run; until then those messages would be
 * redelivered by a restart. Cost: a marker append per run that delivered out of parking order, and a
 * rebuild that reads the markers written since the oldest waiting message was read.
 *
 * <p>Upgrade. Progress saved by an earlier hexmq has no markers but a last delivered pair
 * ({@link TimerProgress#beforeMarkers}); the first rebuild trusts it once, as that version did, for the
 * parked records no marker names (those ordered at or before the pair count as delivered), writes
 * markers for the ones it so skips at or above {@code scanFrom}, and only then saves progress without
 * the pair. If the markers cannot be written the rebuild is given up and tried again, pair intact. A
 * message that the earlier version had already misjudged this way is not recovered, nor is one this
 * version parks before its first run that orders before the pair (only possible if the clock stepped
 * back past the earlier version's last delivery).
 *
 * <p>Recalls. A recalled message stays parked; a recall record due at the same millisecond names it
 * ({@link TimerRecalls}). When several records are due at one millisecond, the step reads the recall records
 * among them once and passes over the messages they name; a lone due record costs nothing more.
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
    private static final long NO_RECALLS_READ = Long.MIN_VALUE;

    /**
     * @param delivered     messages delivered to their real topic by this call
     * @param skipped       due records that no longer exist, do not say where they belong (a recall record) or
     *                      were recalled, passed over
     * @param scanned       timer-topic records read by this call (only newly parked ones, or, on the first
     *                      call, those from {@link TimerProgress#scanFrom()} on, delivered or not)
     * @param waiting       timer messages still waiting after this call
     * @param nextDueMillis when to call again: the earliest due time of a waiting message, "now" when a
     *                      backlog is left, a back-off after a store failure, or {@link #NOTHING_WAITING}
     */
    public record Result(int delivered, int skipped, int scanned, int waiting, long nextDueMillis) {
    }

    /**
     * A waiting message in the index, in due order; {@code markersFrom} is the marker queue's end when
     * it was read, where the markers naming it or any later parked offset start.
     */
    private record Waiting(long dueMillis, long offset, long markersFrom, String topic) implements Comparable<Waiting> {

        @Override
        public int compareTo(Waiting other) {
            int byDue = Long.compare(dueMillis, other.dueMillis);
            return byDue != 0 ? byDue : Long.compare(offset, other.offset);
        }
    }

    /** Takes each record of a queue read, with its queue offset. */
    @FunctionalInterface
    private interface RecordSink {
        void accept(ByteBuffer record, long offset);
    }

    private final MessageStore store;
    private final TimerProgressStore progressStore;
    private final Clock clock;
    private final TimerCounts counts;
    private final TreeSet<Waiting> byDue = new TreeSet<>();
    private final TreeMap<Long, Waiting> byOffset = new TreeMap<>();
    /** Parked offsets taken off the index whose marker is not written yet. */
    private final List<Long> unmarked = new ArrayList<>();
    private TimerProgress progress;
    /** The next timer-topic offset not read into the index; -1 until the first run rebuilt it. */
    private long readUpTo = -1;
    /** The next marker-queue offset to be written; known once the first run read the markers. */
    private long markerEnd;
    /** The broker's address as its parked records carry it: the born host of the markers it writes. */
    private HostAddress host;
    /** The due time whose recalls {@link #recallsAtDue} holds; reset by every call. */
    private long recallsDue = NO_RECALLS_READ;
    private Set<String> recallsAtDue = Set.of();

    /** Reads the saved progress; the message store need not be started yet, only before {@link #deliver()}. */
    public DeliverDueTimerMessages(MessageStore store, TimerProgressStore progressStore, Clock clock,
            TimerCounts counts) {
        this.store = Objects.requireNonNull(store, "store");
        this.progressStore = Objects.requireNonNull(progressStore, "progressStore");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.counts = Objects.requireNonNull(counts, "counts");
        this.progress = progressStore.load();
    }

    public synchronized Result deliver() {
        long now = clock.millis();
        recallsDue = NO_RECALLS_READ;
        int scanned;
        if (readUpTo < 0) {
            scanned = rebuild(now);
            if (readUpTo < 0) {
                return new Result(0, 0, scanned, 0, now + RETRY_AFTER_FAILURE_MILLIS);
            }
        } else {
            scanned = readNewlyParked(null, null, markerEnd);
        }
        int delivered = 0;
        int skipped = 0;
        long nextDue = NOTHING_WAITING;
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
            StoredMessage parked = parkedAt(first.offset());
            Message delivery = parked == null || recalled(first, parked) ? null : DelayedDelivery.unpark(parked);
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
            byOffset.remove(first.offset());
            counts.left(first.topic(), delivery != null);
            // A record that is gone stays gone after a restart; only one still there needs its marker.
            if (parked != null) {
                host = parked.storeHost();
                unmarked.add(first.offset());
            }
        }
        counts.earliestDue(byDue.isEmpty() ? NOTHING_WAITING : byDue.first().dueMillis());
        long scanFrom = scanFrom();
        if (!writeMarkers(scanFrom, now)) {
            nextDue = Math.min(nextDue, now + RETRY_AFTER_FAILURE_MILLIS);
        }
        TimerProgress next = TimerProgress.of(scanFrom, byOffset.isEmpty() ? markerEnd
                : byOffset.firstEntry().getValue().markersFrom());
        if (!next.equals(progress)) {
            progressStore.save(next);
            progress = next;
        }
        return new Result(delivered, skipped, scanned, byDue.size(), nextDue);
    }

    /**
     * Whether a recall record due at the same millisecond names {@code parked} ({@link TimerRecalls}). The
     * recall records among a due time's records are read once per call, and only when several are due then:
     * a lone record can be recalled by none.
     */
    private boolean recalled(Waiting entry, StoredMessage parked) {
        if (entry.dueMillis() != recallsDue) {
            recallsDue = entry.dueMillis();
            recallsAtDue = recallsDueWith(entry);
        }
        return !recallsAtDue.isEmpty() && recallsAtDue.contains(TimerRecalls.keyOf(parked));
    }

    private Set<String> recallsDueWith(Waiting entry) {
        NavigableSet<Waiting> sameDue = byDue.subSet(entry, false,
                new Waiting(entry.dueMillis(), Long.MAX_VALUE, Long.MAX_VALUE, null), true);
        if (sameDue.isEmpty()) {
            return Set.of();
        }
        Set<String> recalls = new HashSet<>();
        for (Waiting other : sameDue) {
            StoredMessage record = parkedAt(other.offset());
            String named = record == null ? null : TimerRecalls.recalledBy(record);
            if (named != null) {
                recalls.add(named);
            }
        }
        return recalls;
    }

    /** The lowest parked offset still waiting; where reading stopped when none waits. */
    private long scanFrom() {
        return byOffset.isEmpty() ? readUpTo : byOffset.firstKey();
    }

    /**
     * Rebuilds the index from the saved progress: reads the markers, then the parked records from
     * {@code scanFrom}, indexing those no marker names. Leaves {@link #readUpTo} at -1 when progress from
     * before markers could not be turned into markers, so the next run starts over.
     */
    private int rebuild(long now) {
        long base = progress.scanFrom();
        counts.rebuilding();
        BitSet marked = new BitSet();
        markerEnd = read(TimerMarkers.TOPIC, progress.markersFrom(), (record, offset) ->
                TimerMarkers.forEachOffset(StoredMessage.decode(record).body(), parked -> {
                    if (parked >= base && parked - base < Integer.MAX_VALUE) {
                        marked.set((int) (parked - base));
                    }
                }));
        readUpTo = base;
        List<Long> byPair = progress.hasLastDelivered() ? new ArrayList<>() : null;
        int scanned = readNewlyParked(marked, byPair, progress.markersFrom());
        if (byPair != null && !byPair.isEmpty()) {
            unmarked.addAll(byPair);
            if (!writeMarkers(scanFrom(), now)) {
                counts.rebuilding();
                byDue.clear();
                byOffset.clear();
                unmarked.clear();
                readUpTo = -1;
            }
        }
        return scanned;
    }

    /**
     * Reads the records parked since the last run into the index, each remembering {@code markersFrom}.
     * On a rebuild, passes over those {@code marked} (bit = offset − scanFrom) and, with progress from
     * before markers, collects into {@code byPair} those the last delivered pair takes for delivered.
     */
    private int readNewlyParked(BitSet marked, List<Long> byPair, long markersFrom) {
        long base = readUpTo;
        int[] scanned = {0};
        readUpTo = read(TimerParking.TIMER_TOPIC, readUpTo, (record, offset) -> {
            scanned[0]++;
            long dueAt = MessageLayout.tagsCode(record, 0);
            if (marked != null && offset - base < Integer.MAX_VALUE && marked.get((int) (offset - base))) {
                return;
            }
            if (byPair != null && progress.ordersAtOrBeforeLastDelivered(dueAt, offset)) {
                if (host == null) {
                    host = StoredMessage.decode(record).storeHost();
                }
                byPair.add(offset);
                return;
            }
            String topic = MessageProperties.get(MessageLayout.properties(record, 0), MessageProperties.REAL_TOPIC);
            Waiting waiting = new Waiting(dueAt, offset, markersFrom,
                    counts.parked(topic == null ? TimerParking.TIMER_TOPIC : topic));
            byDue.add(waiting);
            byOffset.put(offset, waiting);
        });
        return scanned[0];
    }

    /**
     * Appends markers for the unmarked offsets at or above {@code scanFrom} (those below need none);
     * false when the store refused one, the rest kept for the next run.
     */
    private boolean writeMarkers(long scanFrom, long now) {
        unmarked.removeIf(offset -> offset < scanFrom);
        while (!unmarked.isEmpty()) {
            int count = Math.min(unmarked.size(), TimerMarkers.MAX_OFFSETS);
            AppendResult appended = store.append(TimerMarkers.marking(unmarked, 0, count, host, now));
            if (!appended.status().isStored()) {
                return false;
            }
            markerEnd = appended.queueOffset() + 1;
            unmarked.subList(0, count).clear();
        }
        return true;
    }

    /** Reads queue 0 of {@code topic} from {@code offset} to its end into {@code sink}; returns the end. */
    private long read(String topic, long offset, RecordSink sink) {
        long next = offset;
        while (true) {
            ReadResult read = store.read(topic, 0, next, READ_BATCH, MessageFilter.ALL);
            switch (read.status()) {
                case FOUND -> {
                    for (ByteBuffer record : read.messages()) {
                        long at = MessageLayout.queueOffset(record, 0);
                        sink.accept(record, at);
                        next = at + 1;
                    }
                    next = Math.max(next, read.nextBeginOffset());
                }
                // The saved offset fell below what the store keeps, or past its end: go on where it says.
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> {
                    if (read.nextBeginOffset() == next) {
                        return next;
                    }
                    next = read.nextBeginOffset();
                }
                default -> {
                    return next;
                }
            }
        }
    }

    /** The parked record at {@code offset}; null when it is gone. */
    private StoredMessage parkedAt(long offset) {
        ReadResult read = store.read(TimerParking.TIMER_TOPIC, 0, offset, 1, MessageFilter.ALL);
        if (read.messages().isEmpty()) {
            return null;
        }
        ByteBuffer record = read.messages().get(0);
        if (MessageLayout.queueOffset(record, 0) != offset) {
            return null;
        }
        return StoredMessage.decode(record);
    }
}
