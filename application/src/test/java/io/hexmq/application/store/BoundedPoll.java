package io.hexmq.application.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Waits, without sleeping, for a condition that a store's own threads (appenders, flushers) make true,
 * and fails the test when it is not met within a bound.
 */
public final class BoundedPoll {

    private BoundedPoll() {
    }

    public static void until(BooleanSupplier condition, long boundSeconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(boundSeconds);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime() - deadline).as("condition not met within the bound").isNegative();
            Thread.onSpinWait();
        }
    }
}
