package io.hexmq.application.cyclicfixtureb;

import io.hexmq.application.cyclicfixturea.ApplicationCycleA;

/** Violating fixture: half of a cycle between two feature packages. */
public final class ApplicationCycleB {

    private ApplicationCycleA other;

    public void link(ApplicationCycleA other) {
        this.other = other;
    }
}
