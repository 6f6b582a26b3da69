package io.hexmq.adapters.ratis;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The threads a replica's group log adds to Ratis's own, one of each, named for their role:
 * {@code entries} runs every call into the broker's side but the applies (Ratis's applier thread runs those);
 * {@code proposals} coalesces proposals and completes them; {@code catch-up} downloads a leader's files;
 * {@code admin} runs the rare blocking requests (a leadership transfer, leaving the group).
 */
final class GroupThreads {

    private static final Logger LOG = LoggerFactory.getLogger(GroupThreads.class);
    private static final long SHUTDOWN_WAIT_SECONDS = 10;

    private final ScheduledExecutorService entries;
    private final ExecutorService proposals;
    private final ExecutorService catchUp;
    private final ExecutorService admin;

    GroupThreads(String replica) {
        entries = Executors.newSingleThreadScheduledExecutor(named("hexmq-group-" + replica + "-entries"));
        proposals = Executors.newSingleThreadExecutor(named("hexmq-group-" + replica + "-proposals"));
        catchUp = Executors.newSingleThreadExecutor(named("hexmq-group-" + replica + "-catch-up"));
        admin = Executors.newSingleThreadExecutor(named("hexmq-group-" + replica + "-admin"));
    }

    ScheduledExecutorService entries() {
        return entries;
    }

    ExecutorService proposals() {
        return proposals;
    }

    ExecutorService catchUp() {
        return catchUp;
    }

    ExecutorService admin() {
        return admin;
    }

    /** Lets queued work finish (the entries thread may still apply), then stops every thread. */
    void shutdown() {
        catchUp.shutdownNow();
        for (ExecutorService executor : List.of(admin, entries, proposals)) {
            executor.shutdown();
            try {
                if (!executor.awaitTermination(SHUTDOWN_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    LOG.warn("A group log thread did not finish within {} s; interrupting it", SHUTDOWN_WAIT_SECONDS);
                    executor.shutdownNow();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                executor.shutdownNow();
            }
        }
    }

    private static ThreadFactory named(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
