package io.hexmq.application.fakes;

import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when a test says so. */
public final class ManualClock implements Clock {

    private final AtomicLong now;

    public ManualClock(long startMillis) {
        this.now = new AtomicLong(startMillis);
    }

    @Override
    public long millis() {
        return now.get();
    }

    public void advanceMillis(long delta) {
        now.addAndGet(delta);
    }

    public void set(long millis) {
        now.set(millis);
    }
}
