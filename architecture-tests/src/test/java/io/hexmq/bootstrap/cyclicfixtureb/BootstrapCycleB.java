package io.hexmq.bootstrap.cyclicfixtureb;

import io.hexmq.bootstrap.cyclicfixturea.BootstrapCycleA;

/** Violating fixture: the other half of the cycle. */
public final class BootstrapCycleB {

    private BootstrapCycleA other;

    public void link(BootstrapCycleA other) {
        this.other = other;
    }
}
