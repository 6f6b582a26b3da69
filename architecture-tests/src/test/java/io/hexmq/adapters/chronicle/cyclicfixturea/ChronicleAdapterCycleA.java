package io.hexmq.adapters.chronicle.cyclicfixturea;

import io.hexmq.adapters.chronicle.cyclicfixtureb.ChronicleAdapterCycleB;

/** Violating fixture: half of a cycle between two Chronicle adapter packages. */
public final class ChronicleAdapterCycleA {

    private ChronicleAdapterCycleB other;

    public void link(ChronicleAdapterCycleB other) {
        this.other = other;
    }
}
