package io.hexmq.domain.time.port;

/**
 * Wall-clock time as the core sees it. Injected everywhere time matters (liveness expiry, delays,
 * retention) so that tests drive time by hand instead of sleeping.
 */
public interface Clock {

    /** Milliseconds since the Unix epoch. */
    long millis();
}
