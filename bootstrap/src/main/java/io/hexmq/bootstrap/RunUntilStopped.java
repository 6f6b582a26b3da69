package io.hexmq.bootstrap;

import io.hexmq.bootstrap.lifecycle.LaunchException;
import java.util.concurrent.CountDownLatch;

/**
 * Starts a node and keeps the launcher's main thread alive until SIGTERM/SIGINT, then stops the node
 * from the JVM shutdown hook, so a graceful stop flushes and unregisters before the process exits.
 * The hook is installed before the node starts: a SIGTERM that arrives while it starts still stops it.
 */
final class RunUntilStopped {

    /** Starts a node; what it returns is closed on shutdown. */
    @FunctionalInterface
    interface NodeStarter {
        AutoCloseable start() throws LaunchException;
    }

    private final CountDownLatch stopped = new CountDownLatch(1);
    private AutoCloseable node;
    private boolean stopRequested;

    private RunUntilStopped() {
    }

    static int run(NodeStarter starter) throws LaunchException {
        RunUntilStopped runner = new RunUntilStopped();
        Runtime.getRuntime().addShutdownHook(new Thread(runner::stop, "hexmq-shutdown"));
        AutoCloseable started = starter.start();
        synchronized (runner) {
            runner.node = started;
            if (runner.stopRequested) {
                runner.closeQuietly();
                return 0;
            }
        }
        try {
            runner.stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private synchronized void stop() {
        stopRequested = true;
        closeQuietly();
        stopped.countDown();
    }

    private void closeQuietly() {
        if (node == null) {
            return;
        }
        try {
            node.close();
        } catch (Exception ignored) {
            // The node logs its own stop failures; the process is exiting either way.
        }
    }
}
