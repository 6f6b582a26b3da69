package io.hexmq.application.transaction;

import io.hexmq.application.broker.BrokerSettings;
import io.hexmq.domain.consumer.GroupName;
import io.hexmq.domain.message.AppendResult;
import io.hexmq.domain.message.Message;
import io.hexmq.domain.message.MessageEncoder;
import io.hexmq.domain.message.MessageFilter;
import io.hexmq.domain.message.MessageLayout;
import io.hexmq.domain.message.MessageProperties;
import io.hexmq.domain.message.ReadResult;
import io.hexmq.domain.message.StoredMessage;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import io.hexmq.domain.transaction.TransactionCheck;
import io.hexmq.domain.transaction.TransactionCheckProgress;
import io.hexmq.domain.transaction.port.TransactionCheckProgressStore;
import io.hexmq.domain.transaction.port.TransactionChecker;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;

/**
 * The transaction check-back's step (protocol.md §2.3.5, §4.4): reads the op records written since the
 * last step, then walks the half queue from where it stopped. A half message an op record marks is
 * done. One that is due (its store time + {@code transactionTimeOut}, or its own
 * {@code CHECK_IMMUNITY_TIME_IN_SECONDS}; a copy put back by an earlier check: its store time +
 * {@code transactionCheckInterval}) is put back as a new half message with {@code TRANSACTION_CHECK_TIMES}
 * one higher, and the producer group is asked about that copy through the {@link TransactionChecker}; one
 * checked {@code transactionCheckMax} times already goes to {@code TRANS_CHECK_MAX_TIME_TOPIC} instead.
 * Either way an op record marks the original finished. The first half message not yet due ends the walk
 * (the queue is in store-time order), except a waiting copy: the walk looks past it, and the saved
 * progress stays at it. A first check delayed by {@code CHECK_IMMUNITY_TIME_IN_SECONDS} beyond the
 * timeout holds back the first checks of the messages sent after it.
 *
 * <p>Not a loop and no thread: whoever drives it calls {@link #check()} when the returned
 * {@link Result#nextRunMillis()} comes (and, when nothing was pending, after a new half message arrives,
 * see {@link HalfArrivals}), so a broker without open transactions does no work at all.
 *
 * <p>Crash story: the progress ({@link TransactionCheckProgress}) is saved after the copies it covers
 * were appended, and its op offset never passes an op record that marks a half message still ahead. A
 * crash in between repeats those checks after the restart; no half message is skipped. Calls must not
 * overlap; the method is synchronised to make sure.
 */
public final class CheckPendingTransactions {

    /** {@link Result#nextRunMillis()} when no half message waits. */
    public static final long NOTHING_PENDING = Long.MAX_VALUE;

    private static final int READ_BATCH = 32;
    /** Half messages handled per call: a long backlog is worked off in slices, with progress saved after each. */
    private static final int MAX_PER_RUN = 1024;
    /** How long to wait before trying again after the store refused an append (stopped, disk full). */
    static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    /**
     * @param checked       producers asked (a copy put back for each, asked or not when no producer is connected)
     * @param resolved      half messages found marked done by an op record
     * @param discarded     half messages moved to {@code TRANS_CHECK_MAX_TIME_TOPIC}
     * @param nextRunMillis when to call again: the due time of the first waiting half message, "now" when a
     *                      backlog is left, a short back-off after a store failure, or {@link #NOTHING_PENDING}
     */
    public record Result(int checked, int resolved, int discarded, long nextRunMillis) {
    }

    private final MessageStore store;
    private final TransactionCheckProgressStore progressStore;
    private final TransactionChecker checker;
    private final Clock clock;
    private final BrokerSettings brokerSettings;
    private final TransactionSettings settings;
    private TransactionCheckProgress progress;
    /** The op queue is read up to here. */
    private long opReadOffset;
    /** Half messages at or above the progress that op records mark done. */
    private final ResolvedHalves done = new ResolvedHalves();

    /** Reads the saved progress; the message store need not be started yet, only before {@link #check()}. */
    public CheckPendingTransactions(MessageStore store, TransactionCheckProgressStore progressStore,
            TransactionChecker checker, Clock clock, BrokerSettings brokerSettings, TransactionSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.progressStore = Objects.requireNonNull(progressStore, "progressStore");
        this.checker = Objects.requireNonNull(checker, "checker");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.brokerSettings = Objects.requireNonNull(brokerSettings, "brokerSettings");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.progress = progressStore.load();
        this.opReadOffset = progress.opOffset();
    }

    public synchronized Result check() {
        long now = clock.millis();
        readOpRecords();
        Walk walk = new Walk(progress.halfOffset());
        walkHalfQueue(walk, now);
        done.forgetBelow(walk.frontier);
        long opOffset = done.oldestOpOffset(opReadOffset);
        TransactionCheckProgress next = new TransactionCheckProgress(walk.frontier, opOffset);
        if (!next.equals(progress)) {
            progress = next;
            progressStore.save(next);
        }
        return new Result(walk.checked, walk.resolved, walk.discarded, walk.nextRun);
    }

    private void readOpRecords() {
        while (true) {
            ReadResult read = store.read(HalfMessages.OP_TOPIC, 0, opReadOffset, READ_BATCH, MessageFilter.ALL);
            switch (read.status()) {
                case FOUND -> {
                    for (ByteBuffer record : read.messages()) {
                        long opOffset = MessageLayout.queueOffset(record, 0);
                        for (long halfOffset : OpRecords.halfOffsets(StoredMessage.decode(record).body())) {
                            if (halfOffset >= progress.halfOffset()) {
                                done.mark(halfOffset, opOffset);
                            }
                        }
                        opReadOffset = opOffset + 1;
                    }
                    opReadOffset = Math.max(opReadOffset, read.nextBeginOffset());
                }
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> {
                    if (read.nextBeginOffset() == opReadOffset) {
                        return;
                    }
                    opReadOffset = read.nextBeginOffset();
                }
                default -> {
                    return;
                }
            }
        }
    }

    /** What one walk over the half queue did, and where it stopped. */
    private static final class Walk {
        /** Next half offset to read. */
        long offset;
        /** Everything below is finished; stops moving at the first half message left waiting. */
        long frontier;
        int checked;
        int resolved;
        int discarded;
        int handled;
        long nextRun = NOTHING_PENDING;

        Walk(long offset) {
            this.offset = offset;
            this.frontier = offset;
        }

        boolean contiguous() {
            return frontier == offset;
        }
    }

    private void walkHalfQueue(Walk walk, long now) {
        while (true) {
            ReadResult read = store.read(HalfMessages.HALF_TOPIC, 0, walk.offset, READ_BATCH, MessageFilter.ALL);
            switch (read.status()) {
                case FOUND -> {
                    for (ByteBuffer record : read.messages()) {
                        long queueOffset = MessageLayout.queueOffset(record, 0);
                        if (walk.contiguous() && queueOffset > walk.offset) {
                            walk.frontier = queueOffset;
                        }
                        walk.offset = queueOffset;
                        Step step = handle(record, walk, now);
                        if (step == Step.STOP) {
                            return;
                        }
                        if (step == Step.FINISHED && walk.contiguous()) {
                            walk.frontier = queueOffset + 1;
                        }
                        walk.offset = queueOffset + 1;
                        if (++walk.handled >= MAX_PER_RUN) {
                            walk.nextRun = now;
                            return;
                        }
                    }
                    if (walk.contiguous()) {
                        walk.frontier = Math.max(walk.frontier, read.nextBeginOffset());
                    }
                    walk.offset = Math.max(walk.offset, read.nextBeginOffset());
                }
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY, NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> {
                    if (read.nextBeginOffset() == walk.offset) {
                        return;
                    }
                    if (walk.contiguous()) {
                        walk.frontier = read.nextBeginOffset();
                    }
                    walk.offset = read.nextBeginOffset();
                }
                default -> {
                    return;
                }
            }
        }
    }

    /** What became of one half message in a walk. */
    private enum Step {
        /** Resolved, checked (and put back) or discarded: the walk may pass it for good. */
        FINISHED,
        /** A copy from an earlier check, not due again yet: the walk looks further but must come back. */
        WAITING,
        /** Not due yet, and neither is anything stored after it; or the store failed: the walk ends here. */
        STOP
    }

    private Step handle(ByteBuffer record, Walk walk, long now) {
        long queueOffset = MessageLayout.queueOffset(record, 0);
        if (done.isResolved(queueOffset)) {
            if (walk.contiguous()) {
                done.forget(queueOffset);
                walk.resolved++;
            }
            return Step.FINISHED;
        }
        StoredMessage half = StoredMessage.decode(record);
        Map<String, String> properties = half.propertyMap();
        HalfMessages.Destination destination = HalfMessages.destinationOf(properties);
        if (destination == null) {
            // Nothing could ever be delivered from it: pass over it.
            return Step.FINISHED;
        }
        int checks = parseInt(properties.get(HalfMessages.CHECK_TIMES), 0);
        long dueAt = half.storeTimestamp() + (checks > 0 ? settings.transactionCheckInterval().toMillis()
                : firstCheckDelayMillis(properties));
        if (dueAt > now) {
            walk.nextRun = Math.min(walk.nextRun, dueAt);
            // Half messages are stored in time order, so after a first-time one that is not due nothing
            // is; copies were put back at their check and may hide due messages behind them.
            return checks > 0 ? Step.WAITING : Step.STOP;
        }
        if (checks >= settings.transactionCheckMax()) {
            AppendResult discarded = store.append(HalfMessages.copy(half, HalfMessages.CHECK_MAX_TIME_TOPIC, 0,
                    properties, half.sysFlag(), half.preparedTransactionOffset()));
            if (!discarded.status().isStored() || !markFinished(half, now)) {
                walk.nextRun = now + RETRY_AFTER_FAILURE_MILLIS;
                return Step.STOP;
            }
            walk.discarded++;
            return Step.FINISHED;
        }
        properties.put(HalfMessages.CHECK_TIMES, Integer.toString(checks + 1));
        Message copy = HalfMessages.copy(half, HalfMessages.HALF_TOPIC, 0, properties, half.sysFlag(),
                half.preparedTransactionOffset());
        AppendResult putBack = store.append(copy);
        // The copy first: a crash before the op record checks this transaction twice but never loses it.
        if (!putBack.status().isStored() || !markFinished(half, now)) {
            walk.nextRun = now + RETRY_AFTER_FAILURE_MILLIS;
            return Step.STOP;
        }
        walk.checked++;
        walk.nextRun = Math.min(walk.nextRun, putBack.storeTimestamp() + settings.transactionCheckInterval().toMillis());
        GroupName group = groupName(properties.get(HalfMessages.PRODUCER_GROUP));
        if (group != null) {
            checker.check(group, checkOf(half, copy, destination, putBack));
        }
        return Step.FINISHED;
    }

    /**
     * An op record for a half message the walk checked or discarded, so a later walk (one held back by a
     * waiting copy before it, or one after a restart before the progress was saved) passes it.
     */
    private boolean markFinished(StoredMessage half, long now) {
        return store.append(OpRecords.resolving(half.queueOffset(), half.storeHost(), now)).status().isStored();
    }

    private long firstCheckDelayMillis(Map<String, String> properties) {
        int seconds = parseInt(properties.get(HalfMessages.CHECK_IMMUNITY_SECONDS), -1);
        return seconds >= 0 ? seconds * 1000L : settings.transactionTimeOut().toMillis();
    }

    /** The check for the copy just put back: its offsets, and its record with the real topic and queue. */
    private TransactionCheck checkOf(StoredMessage half, Message copy, HalfMessages.Destination destination,
            AppendResult putBack) {
        Message real = new Message(destination.topic(), destination.queueId(), copy.flag(), copy.body(),
                copy.properties(), copy.sysFlag(), copy.bornTimestamp(), copy.bornHost(), copy.reconsumeTimes(),
                copy.preparedTransactionOffset());
        MessageEncoder encoder = new MessageEncoder(half.storeSize() + MessageLayout.MAX_TOPIC_LENGTH + 64,
                half.storeHost());
        if (encoder.encode(real) != MessageEncoder.Outcome.OK) {
            throw new IllegalStateException("a stored half message no longer encodes: " + half.commitLogOffset());
        }
        MessageLayout.stamp(encoder.encoded(), 0, putBack.queueOffset(), putBack.commitLogOffset(),
                putBack.storeTimestamp());
        byte[] body = new byte[encoder.encodedLength()];
        encoder.encoded().get(0, body);
        String uniqueKey = MessageProperties.get(copy.properties(), MessageProperties.UNIQ_KEY);
        return new TransactionCheck(brokerSettings.brokerName().value(), destination.topic(), putBack.queueOffset(),
                putBack.commitLogOffset(), uniqueKey, uniqueKey, putBack.msgId(), body);
    }

    private static GroupName groupName(String value) {
        if (value == null) {
            return null;
        }
        try {
            return new GroupName(value);
        } catch (RuntimeException illegal) {
            return null;
        }
    }

    private static int parseInt(String value, int fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException notANumber) {
            return fallback;
        }
    }
}
