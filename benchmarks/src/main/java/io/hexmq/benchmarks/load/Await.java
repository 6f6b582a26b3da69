package io.hexmq.benchmarks.load;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Polls a setup condition of a load benchmark (a route, an assignment) with a bound. */
final class Await {

    private static final long SETUP_WAIT_MILLIS = 30_000;

    private Await() {
    }

    static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + SETUP_WAIT_MILLIS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("gave up waiting " + SETUP_WAIT_MILLIS + " ms for " + what);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }
}
