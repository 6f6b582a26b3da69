package io.hexmq.adapters.ratis.cyclicfixtureb;

import io.hexmq.adapters.ratis.cyclicfixturea.RatisAdapterCycleA;

/** Violating fixture: half of a cycle between two feature packages. */
public final class RatisAdapterCycleB {

    private RatisAdapterCycleA other;

    public void link(RatisAdapterCycleA other) {
        this.other = other;
    }
}
