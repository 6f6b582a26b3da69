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

    public static void until(String what, BooleanSupplier condition) {
        until(what, Duration.ofSeconds(30), condition);
    }
}
