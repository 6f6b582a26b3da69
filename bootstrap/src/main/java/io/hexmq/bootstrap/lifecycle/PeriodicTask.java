package io.hexmq.bootstrap.lifecycle;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a use case at a fixed rate while the node runs (liveness scans, re-registration, flushes).
 * A failing run is logged and the next one still happens: one bad scan must not stop all scans.
 */
public final class PeriodicTask implements Lifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final ScheduledExecutorService scheduler;
    private final Duration initialDelay;
    private final Duration period;
    private final Runnable task;
    private ScheduledFuture<?> scheduled;

    public PeriodicTask(String name, ScheduledExecutorService scheduler, Duration initialDelay, Duration period,
                        Runnable task) {
        this.name = name;
        this.scheduler = scheduler;
        this.initialDelay = initialDelay;
        this.period = period;
        this.task = task;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized void start() {
        scheduled = scheduler.scheduleAtFixedRate(this::runOnce,
                initialDelay.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void runOnce() {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.warn("{} failed; retrying in {} ms", name, period.toMillis(), e);
        }
    }

    @Override
    public synchronized void stop() {
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }
}
