package io.hexmq.bootstrap;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition with a bound, instead of sleeping for a guessed time. */
public final class Await {

    private Await() {
    }

    public static void until(String what, Duration bound, BooleanSupplier condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + bound.toSeconds() + " s: " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what, e);
            }
        }
    }

    /**
     * With a bound that covers a few of the official client's 20 s rebalance rounds: a passing wait
     * returns as soon as its condition holds, so only a failing one ever waits this long.
     */
    public static void until(String what, BooleanSupplier condition) {
        until(what, Duration.ofSeconds(60), condition);
    }
}
