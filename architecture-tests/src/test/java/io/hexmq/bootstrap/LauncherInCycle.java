package io.hexmq.bootstrap;

import io.hexmq.bootstrap.cyclicfixturea.PartNeedingTheLauncher;

/** Violating fixture: a class of bootstrap's root package that a subpackage needs back. */
public final class LauncherInCycle {

    private final PartNeedingTheLauncher part = new PartNeedingTheLauncher();

    public PartNeedingTheLauncher part() {
        return part;
    }
}
