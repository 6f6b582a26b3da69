package io.hexmq.client.internal.cyclicfixtureb;

import io.hexmq.client.internal.cyclicfixturea.ClientCycleA;

/** Violating fixture: the other half of the cycle. */
public final class ClientCycleB {

    private ClientCycleA other;

    public void link(ClientCycleA other) {
        this.other = other;
    }
}
