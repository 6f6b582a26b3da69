package io.hexmq.remoting.cyclicfixtureb;

import io.hexmq.remoting.cyclicfixturea.RemotingCycleA;

/** Violating fixture: the other half of the cycle. */
public final class RemotingCycleB {

    public int fields() {
        return 1;
    }

    public int sizeOf(RemotingCycleA frame) {
        return frame.size(this);
    }
}
