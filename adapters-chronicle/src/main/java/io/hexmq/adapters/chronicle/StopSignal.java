package io.hexmq.adapters.chronicle;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How the store's periodic threads (flush, checkpoint) wait out their interval and learn of a stop: by a
 * latch, not by interrupt, which would close the file channel of a force under way.
 */
final class StopSignal {

    private final CountDownLatch stop = new CountDownLatch(1);

    void signal() {
        stop.countDown();
    }

    /** Waits one interval; true once a stop was signalled (or the waiting thread was interrupted). */
    boolean awaitStop(long intervalMillis) {
        try {
            return stop.await(intervalMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }
}
