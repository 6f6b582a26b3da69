package io.hexmq.adapters.netty.cyclicfixturea;

import io.hexmq.adapters.netty.cyclicfixtureb.NettyAdapterCycleB;

/** Violating fixture: half of a cycle between two feature packages. */
public final class NettyAdapterCycleA {

    private NettyAdapterCycleB other;

    public void link(NettyAdapterCycleB other) {
        this.other = other;
    }
}
