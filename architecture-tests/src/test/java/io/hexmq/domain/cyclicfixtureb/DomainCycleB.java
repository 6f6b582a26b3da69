package io.hexmq.domain.cyclicfixtureb;

import io.hexmq.domain.cyclicfixturea.DomainCycleA;

/** Violating fixture: half of a cycle between two feature packages. */
public final class DomainCycleB {

    private DomainCycleA other;

    public void link(DomainCycleA other) {
        this.other = other;
    }
}
