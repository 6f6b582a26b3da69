package io.hexmq.bootstrap.cyclicfixturea;

import io.hexmq.bootstrap.LauncherInCycle;

/** Violating fixture: a subpackage of bootstrap reaching back into its root package. */
public final class PartNeedingTheLauncher {

    public boolean belongsTo(LauncherInCycle launcher) {
        return launcher.part() == this;
    }
}
