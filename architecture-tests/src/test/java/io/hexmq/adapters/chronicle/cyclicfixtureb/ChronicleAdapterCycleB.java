package io.hexmq.adapters.chronicle.cyclicfixtureb;

import io.hexmq.adapters.chronicle.cyclicfixturea.ChronicleAdapterCycleA;

/** Violating fixture: the other half of the cycle. */
public final class ChronicleAdapterCycleB {

    private ChronicleAdapterCycleA other;

    public void link(ChronicleAdapterCycleA other) {
        this.other = other;
    }
}
