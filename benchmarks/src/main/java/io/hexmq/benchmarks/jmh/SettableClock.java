package io.hexmq.benchmarks.jmh;

import io.hexmq.domain.time.port.Clock;

/** A scheduler's clock moved by hand, so a benchmark decides what is due. */
final class SettableClock implements Clock {

    volatile long now;

    SettableClock(long now) {
        this.now = now;
    }

    @Override
    public long millis() {
        return now;
    }
}
