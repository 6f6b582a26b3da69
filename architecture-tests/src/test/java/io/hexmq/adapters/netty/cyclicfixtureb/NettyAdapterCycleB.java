package io.hexmq.adapters.netty.cyclicfixtureb;

import io.hexmq.adapters.netty.cyclicfixturea.NettyAdapterCycleA;

/** Violating fixture: half of a cycle between two feature packages. */
public final class NettyAdapterCycleB {

    private NettyAdapterCycleA other;

    public void link(NettyAdapterCycleA other) {
        this.other = other;
    }
}
