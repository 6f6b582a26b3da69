package io.hexmq.adapters.file.cyclicfixtureb;

import io.hexmq.adapters.file.cyclicfixturea.FileAdapterCycleA;

/** Violating fixture: half of a cycle between two feature packages. */
public final class FileAdapterCycleB {

    private FileAdapterCycleA other;

    public void link(FileAdapterCycleA other) {
        this.other = other;
    }
}
