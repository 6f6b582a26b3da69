package io.hexmq.application.cyclicfixturea;

import io.hexmq.application.cyclicfixtureb.ApplicationCycleB;

/** Violating fixture: half of a cycle between two feature packages. */
public final class ApplicationCycleA {

    private ApplicationCycleB other;

    public void link(ApplicationCycleB other) {
        this.other = other;
    }
}
