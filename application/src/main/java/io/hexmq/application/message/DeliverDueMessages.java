package io.hexmq.application.message;

import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.DelayLevels;
import io.hexmq.domain.message.DelayProgress;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.port.DelayProgressStore;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The delay scheduler's step (protocol.md §4.3): for each delay level, reads that level's queue of the
 * schedule topic from where it stopped, delivers every message that is due (its consume-queue tag
 * code, the due time, is at or before the clock) to its real topic and queue, and remembers how far
 * it got in the {@link DelayProgressStore}. Within a level messages are due in the order they were
 * parked, so the first message not yet due ends that level's run.
 *
 * <p>Not a loop and no thread: whoever drives it calls {@link #deliver()} when the returned
 * {@link Result#nextDueMillis()} comes (and when a new message is parked earlier than that, see
 * {@link DelayedArrivals}), so a broker with nothing waiting does no work at all.
 *
 * <p>Crash story: progress is saved after the messages it covers were appended. A crash in between
 * delivers those messages again after the restart (at least once); none is lost. Calls must not
 * overlap; the method is synchronised to make sure.
 */
public final class DeliverDueMessages {

    /** {@link Result#nextDueMillis()} when no message waits in any level. */
    public static final long NOTHING_WAITING = Long.MAX_VALUE;

    /** Records read per store call. */
    private static final int READ_BATCH = 32;
    /**
     * Deliveries per level per call: a long backlog is delivered in slices, with progress saved after
     * each, and the caller is asked to come back at once.
     */
    private static final int MAX_DELIVERIES_PER_LEVEL = 1024;
    /** How long to wait before trying again after the store refused a delivery (stopped, disk full). */
    static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    /**
     * @param delivered     messages delivered to their real topic by this call
     * @param skipped       records of the schedule topic that did not say where they belong, passed over
     * @param nextDueMillis when to call again: the earliest due time of a waiting message, "now" when a
     *                      backlog is left, a short back-off after a store failure, or
     *                      {@link #NOTHING_WAITING}
     */
    public record Result(int delivered, int skipped, long nextDueMillis) {
    }

    private final MessageStore store;
    private final DelayProgressStore progressStore;
    private final Clock clock;
    private final DelayLevels levels;
    private DelayProgress progress;

    /** Reads the saved progress; the message store need not be started yet, only before {@link #deliver()}. */
    public DeliverDueMessages(MessageStore store, DelayProgressStore progressStore, Clock clock,
            MessageSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.progressStore = Objects.requireNonNull(progressStore, "progressStore");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.levels = Objects.requireNonNull(settings, "settings").messageDelayLevel();
        this.progress = progressStore.load();
    }

    public synchronized Result deliver() {
        long now = clock.millis();
        DelayProgress before = progress;
        int delivered = 0;
        int skipped = 0;
        long nextDue = NOTHING_WAITING;
        for (int level = 1; level <= levels.maxLevel(); level++) {
            LevelRun run = deliverLevel(level, now);
            delivered += run.delivered;
            skipped += run.skipped;
            nextDue = Math.min(nextDue, run.nextDue);
        }
        if (progress != before) {
            progressStore.save(progress);
        }
        return new Result(delivered, skipped, nextDue);
    }

    /** What one level's run did. */
    private static final class LevelRun {
        int delivered;
        int skipped;
        long nextDue = NOTHING_WAITING;
    }

    private LevelRun deliverLevel(int level, long now) {
        LevelRun run = new LevelRun();
        int queueId = levels.queueIdOf(level);
        long offset = progress.offsetOf(level);
        while (true) {
            ReadResult read = store.read(DelayedDelivery.SCHEDULE_TOPIC, queueId, offset, READ_BATCH,
                    MessageFilter.ALL);
            switch (read.status()) {
                case FOUND -> {
                    for (ByteBuffer record : read.messages()) {
                        long dueAt = MessageLayout.tagsCode(record, 0);
                        if (dueAt > now) {
                            run.nextDue = dueAt;
                            return saveAt(level, offset, run);
                        }
                        Message delivery = DelayedDelivery.unpark(StoredMessage.decode(record));
                        if (delivery == null) {
                            run.skipped++;
                        } else {
                            AppendResult appended = store.append(delivery);
                            if (!appended.status().isStored()) {
                                run.nextDue = now + RETRY_AFTER_FAILURE_MILLIS;
                                return saveAt(level, offset, run);
                            }
                            run.delivered++;
                        }
                        offset = MessageLayout.queueOffset(record, 0) + 1;
                    }
                    offset = Math.max(offset, read.nextBeginOffset());
                    if (run.delivered + run.skipped >= MAX_DELIVERIES_PER_LEVEL) {
                        run.nextDue = now;
                        return saveAt(level, offset, run);
                    }
                }
                // The saved offset fell below what the store still keeps, or points past its end
                // (a store that lost its tail): continue where the store says the queue goes on.
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> {
                    if (read.nextBeginOffset() == offset) {
                        return saveAt(level, offset, run);
                    }
                    offset = read.nextBeginOffset();
                }
                default -> {
                    return saveAt(level, offset, run);
                }
            }
        }
    }

    private LevelRun saveAt(int level, long offset, LevelRun run) {
        if (offset != progress.offsetOf(level)) {
            progress = progress.with(level, offset);
        }
        return run;
    }
}
