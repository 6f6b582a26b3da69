package io.hexmq.application.pop;

import io.hexmq.domain.pop.PopCheckpoints;
import io.hexmq.domain.pop.port.PopCheckpointStore;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The POP checkpoints in flight together with their durable store: every change is saved before it is
 * answered, one change at a time, so the store always holds a state the broker really was in (a save
 * of an older state can never land after a newer one). A part the POP use cases share.
 */
public final class PopLedger {

    private final PopCheckpoints checkpoints;
    private final PopCheckpointStore store;

    public PopLedger(PopCheckpoints checkpoints, PopCheckpointStore store) {
        this.checkpoints = Objects.requireNonNull(checkpoints, "checkpoints");
        this.store = Objects.requireNonNull(store, "store");
    }

    /**
     * Applies {@code change} and, when it says it changed something, saves the outcome before returning.
     *
     * @return what {@code change} said
     */
    public synchronized boolean change(Predicate<PopCheckpoints> change) {
        boolean changed = change.test(checkpoints);
        if (changed) {
            store.save(checkpoints.snapshot());
        }
        return changed;
    }

    /** Takes in what the store kept: once, at start, before the broker serves. */
    public void recover() {
        checkpoints.add(store.load());
    }

    /** The checkpoints, to read; changes go through {@link #change}. */
    public PopCheckpoints checkpoints() {
        return checkpoints;
    }
}
