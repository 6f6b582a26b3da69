package io.hexmq.remoting.cyclicfixturea;

import io.hexmq.remoting.cyclicfixtureb.RemotingCycleB;

/** Violating fixture: a protocol package and a header package that need each other. */
public final class RemotingCycleA {

    public int size(RemotingCycleB header) {
        return header.fields();
    }
}
