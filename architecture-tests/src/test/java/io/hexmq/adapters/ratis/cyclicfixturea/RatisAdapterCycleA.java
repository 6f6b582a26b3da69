package io.hexmq.adapters.ratis.cyclicfixturea;

import io.hexmq.adapters.ratis.cyclicfixtureb.RatisAdapterCycleB;

/** Violating fixture: half of a cycle between two feature packages. */
public final class RatisAdapterCycleA {

    private RatisAdapterCycleB other;

    public void link(RatisAdapterCycleB other) {
        this.other = other;
    }
}
