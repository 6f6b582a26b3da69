package io.hexmq.bootstrap.lifecycle;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one place executors are made. Each is named by its role, so a thread dump says who is busy,
 * and all of them are shut down together when the node stops.
 */
public final class RoleExecutors implements Lifecycle {

    private final List<ExecutorService> created = new ArrayList<>();

    public synchronized MeasuredExecutor fixed(String role, int threads) {
        MeasuredExecutor executor = new MeasuredExecutor(threads, named(role));
        created.add(executor);
        return executor;
    }

    public synchronized ScheduledExecutorService scheduled(String role) {
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(named(role));
        created.add(executor);
        return executor;
    }

    private static ThreadFactory named(String role) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "hexmq-" + role + "-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public String name() {
        return "executors";
    }

    @Override
    public void start() {
        // executors start their threads lazily, on the first task
    }

    @Override
    public synchronized void stop() throws InterruptedException {
        created.forEach(ExecutorService::shutdown);
        for (ExecutorService executor : created) {
            if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        }
        created.clear();
    }
}
