package io.hexmq.bootstrap.lifecycle;

import io.hexmq.domain.time.port.Clock;

/** The real wall clock; only the launcher knows it, everything else receives a {@link Clock}. */
public final class SystemClock implements Clock {

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }
}
