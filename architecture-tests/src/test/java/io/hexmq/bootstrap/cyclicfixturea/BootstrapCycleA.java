package io.hexmq.bootstrap.cyclicfixturea;

import io.hexmq.bootstrap.cyclicfixtureb.BootstrapCycleB;

/** Violating fixture: half of a cycle between two bootstrap packages. */
public final class BootstrapCycleA {

    private BootstrapCycleB other;

    public void link(BootstrapCycleB other) {
        this.other = other;
    }
}
