package io.hexmq.bootstrap;

import java.util.concurrent.CountDownLatch;

/**
 * Keeps the launcher's main thread alive until SIGTERM/SIGINT, then stops the node through the JVM
 * shutdown hook, so a graceful stop flushes and unregisters before the process exits.
 */
final class RunUntilStopped {

    private RunUntilStopped() {
    }

    static int await(AutoCloseable node) {
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            try {
                node.close();
            } catch (Exception ignored) {
                // The node logs its own stop failures; the process is exiting either way.
            } finally {
                stopped.countDown();
            }
        }, "hexmq-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
