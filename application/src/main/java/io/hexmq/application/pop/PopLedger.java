package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.PopChange;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The POP checkpoints in flight together with their durable store: every change is written before it is
 * answered, and the store always holds a state the broker really was in (an older write never lands after
 * a newer one).
 *
 * <p>Writes are committed in groups: changes apply one at a time, in memory, where {@link PopCheckpoints}
 * records them; the thread that then writes appends every change recorded so far, and a change that such a
 * write already carried returns without writing again. While one write is on its way to the disk, the
 * changes that come meanwhile wait for the next, single write, so the POPs and acks of many consumers share
 * it. A write costs the changes, not the state: once the store holds more appended changes than a few times
 * the state in flight, the next write saves the whole state instead (a snapshot), so the store's replay
 * stays short. After a write failed, the next one is a snapshot too, so the store catches up with the
 * changes the failed write lost. A part the POP use cases share.
 */
public final class PopLedger {

    /** Appended changes a store holds at least before a snapshot replaces them. */
    private static final long SNAPSHOT_MIN_CHANGES = 16_384;
    /** ... and at least this many times the checkpoints in flight, so a snapshot costs little per change. */
    private static final long SNAPSHOT_FACTOR = 4;

    private final PopCheckpoints checkpoints;
    private final PopStateStore store;
    private final ConsumerOffsets offsets;
    private final PopCounts counts = new PopCounts();
    private final Object saving = new Object();
    /** Changes applied so far; guarded by {@code this}. */
    private long changes;
    /** Changes the store holds; guarded by {@link #saving}. */
    private long saved;
    /** Changes appended since the store last saved the whole state; guarded by {@link #saving}. */
    private long appendedSinceSnapshot;
    /** Whether the next write must save the whole state; guarded by {@link #saving}. */
    private boolean snapshotNext;

    public PopLedger(PopCheckpoints checkpoints, PopStateStore store, ConsumerOffsets offsets) {
        this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
        this.store = Objects.requireNonNull(store, "store");
        this.offsets = Objects.requireNonNull(offsets, "offsets");
    }

    /**
     * Applies {@code change} and, when it says it changed something, saves the outcome before returning.
     *
     * @return what {@code change} said
     */
    public boolean change(Predicate<PopCheckpoints> change) {
        long mine;
        synchronized (this) {
            if (!change.test(checkpoints)) {
                return false;
            }
            mine = ++changes;
        }
        synchronized (saving) {
            if (saved >= mine) {
                return true;
            }
            List<PopChange> appended;
            PopState snapshot = null;
            long upTo;
            synchronized (this) {
                appended = checkpoints.drainChanges();
                if (snapshotNext || appendedSinceSnapshot + appended.size() > SNAPSHOT_MIN_CHANGES
                        + SNAPSHOT_FACTOR * (long) checkpoints.size()) {
                    snapshot = checkpoints.state();
                }
                upTo = changes;
            }
            write(appended, snapshot);
            saved = upTo;
        }
        return true;
    }

    /** Guarded by {@link #saving}. */
    private void write(List<PopChange> appended, PopState snapshot) {
        try {
            if (snapshot != null) {
                store.save(snapshot);
                appendedSinceSnapshot = 0;
                snapshotNext = false;
            } else if (!appended.isEmpty()) {
                store.append(appended);
                appendedSinceSnapshot += appended.size();
            }
        } catch (RuntimeException e) {
            snapshotNext = true;
            throw e;
        }
    }

    /**
     * Takes in what the store kept: once, at start, before the broker serves. A group's offset that the
     * consumer offsets had not persisted before a crash is moved up to where its POPs had come, so nothing
     * acked is handed out again. The first write after it is a snapshot, so the changes the store replayed
     * are not replayed again at the next start.
     */
    public void recover() {
        PopState state = store.load();
        checkpoints.restore(state);
        synchronized (saving) {
            snapshotNext = true;
        }
        for (PopOffset reached : state.offsets()) {
            TopicGroup key = new TopicGroup(reached.topic(), reached.group());
            if (offsets.find(key, reached.queueId()).orElse(-1) < reached.offset()) {
                offsets.commit(key, reached.queueId(), reached.offset());
            }
        }
    }

    /** What went through the ledger, counted for the POP metrics by the paths that change it. */
    public PopCounts counts() {
        return counts;
    }

    /** The checkpoints, to read; changes go through {@link #change}. */
    public PopCheckpoints checkpoints() {
        return checkpoints;
    }
}
