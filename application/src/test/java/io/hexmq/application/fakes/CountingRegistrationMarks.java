package io.hexmq.application.fakes;

import io.hexmq.domain.broker.port.RegistrationDemand;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the marks of requests that must not wait for the NameServers; fails a test that waits. */
public final class CountingRegistrationMarks implements RegistrationDemand {

    private final AtomicInteger marks = new AtomicInteger();

    @Override
    public void topicsChanged() {
        marks.incrementAndGet();
    }

    @Override
    public CompletionStage<Void> topicsChangedAwaitingRound() {
        throw new AssertionError("a send must not wait for the NameServers");
    }

    public int marks() {
        return marks.get();
    }
}
