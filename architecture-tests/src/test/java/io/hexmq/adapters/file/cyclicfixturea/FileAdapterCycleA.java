package io.hexmq.adapters.file.cyclicfixturea;

import io.hexmq.adapters.file.cyclicfixtureb.FileAdapterCycleB;

/** Violating fixture: half of a cycle between two feature packages. */
public final class FileAdapterCycleA {

    private FileAdapterCycleB other;

    public void link(FileAdapterCycleB other) {
        this.other = other;
    }
}
