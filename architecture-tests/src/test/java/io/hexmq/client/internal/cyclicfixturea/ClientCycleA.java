package io.hexmq.client.internal.cyclicfixturea;

import io.hexmq.client.internal.cyclicfixtureb.ClientCycleB;

/** Violating fixture: half of a cycle between two client SDK packages. */
public final class ClientCycleA {

    private ClientCycleB other;

    public void link(ClientCycleB other) {
        this.other = other;
    }
}
