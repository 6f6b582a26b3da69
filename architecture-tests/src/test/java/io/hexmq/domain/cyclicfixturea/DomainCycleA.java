package io.hexmq.domain.cyclicfixturea;

import io.hexmq.domain.cyclicfixtureb.DomainCycleB;

/** Violating fixture: half of a cycle between two feature packages. */
public final class DomainCycleA {

    private DomainCycleB other;

    public void link(DomainCycleB other) {
        this.other = other;
    }
}
