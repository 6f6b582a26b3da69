package io.hexmq.application.pop;

import io.hexmq.domain.consumer.ConsumerOffsets;
import io.hexmq.domain.consumer.TopicGroup;
import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.PopOffset;
import io.hexmq.domain.pop.PopState;
import io.hexmq.domain.pop.port.PopStateStore;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The POP checkpoints in flight together with their durable store: every change is saved before it is
 * answered, and the store always holds a state the broker really was in (a save of an older state never
 * lands after a newer one).
 *
 * <p>Saves are committed in groups: changes apply one at a time, in memory; the thread that then saves
 * writes the state with every change made so far, and a change that such a save already carried returns
 * without writing again. While one save is on its way to the disk, the changes that come meanwhile wait
 * for the next, single save, so the POPs and acks of many consumers share their writes. A part the POP
 * use cases share.
 */
public final class PopLedger {

    private final PopCheckpoints checkpoints;
    private final PopStateStore store;
    private final ConsumerOffsets offsets;
    private final Object saving = new Object();
    /** Changes applied so far; guarded by {@code this}. */
    private long changes;
    /** Changes the store holds; guarded by {@link #saving}. */
    private long saved;

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
            PopState state;
            long upTo;
            synchronized (this) {
                state = checkpoints.state();
                upTo = changes;
            }
            store.save(state);
            saved = upTo;
        }
        return true;
    }

    /**
     * Takes in what the store kept: once, at start, before the broker serves. A group's offset that the
     * consumer offsets had not persisted before a crash is moved up to where its POPs had come, so nothing
     * acked is handed out again.
     */
    public void recover() {
        PopState state = store.load();
        checkpoints.restore(state);
        for (PopOffset reached : state.offsets()) {
            TopicGroup key = new TopicGroup(reached.topic(), reached.group());
            if (offsets.find(key, reached.queueId()).orElse(-1) < reached.offset()) {
                offsets.commit(key, reached.queueId(), reached.offset());
            }
        }
    }

    /** The checkpoints, to read; changes go through {@link #change}. */
    public PopCheckpoints checkpoints() {
        return checkpoints;
    }
}
