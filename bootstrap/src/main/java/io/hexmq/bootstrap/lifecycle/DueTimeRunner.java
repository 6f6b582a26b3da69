package io.hexmq.bootstrap.lifecycle;

import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a use case exactly when something is due (delayed messages, timer messages, transaction
 * check-backs, NameServer registration): no fixed period, so an idle broker schedules nothing. A wake
 * source (the store's arrival listener for a newly parked message, the registrar for a topic change)
 * or the next due time a run reports moves the single planned run earlier; each run plans the next.
 * The first run, at start, picks up what was waiting before a restart.
 */
public final class DueTimeRunner implements Lifecycle {

    /** What a run returns when nothing waits: then nothing is planned until a new arrival. */
    public static final long NOTHING_DUE = Long.MAX_VALUE;

    private static final Logger LOG = LoggerFactory.getLogger(DueTimeRunner.class);
    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    private final String name;
    private final LongSupplier run;
    private final Consumer<LongConsumer> wakeSource;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> planned;
    private long plannedAt = Long.MAX_VALUE;
    private boolean running;

    /**
     * @param run      one run of the use case; returns the next due time, or {@link #NOTHING_DUE}
     * @param arrivals builds the store listener that tells when a newly stored message becomes due
     */
    public DueTimeRunner(String name, LongSupplier run,
                         Function<LongConsumer, ? extends MessageArrivalListener> arrivals,
                         MessageStore store, Clock clock, ScheduledExecutorService timer) {
        this(name, run, wakeAt -> store.registerArrivalListener(arrivals.apply(wakeAt)), clock, timer);
    }

    /**
     * @param run        one run of the use case; returns the next due time, or {@link #NOTHING_DUE}
     * @param wakeSource given, at start, the hook that plans a run at a time in millis
     */
    public DueTimeRunner(String name, LongSupplier run, Consumer<LongConsumer> wakeSource, Clock clock,
                         ScheduledExecutorService timer) {
        this.name = name;
        this.run = run;
        this.wakeSource = wakeSource;
        this.clock = clock;
        this.timer = timer;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() {
        synchronized (this) {
            running = true;
        }
        wakeSource.accept(this::wakeAt);
        wakeAt(clock.millis());
    }

    /**
     * Plans a run at {@code atMillis} unless one is planned earlier; quick, as it may run on the append
     * path or on a thread that serves a request.
     */
    private synchronized void wakeAt(long atMillis) {
        if (!running || atMillis >= plannedAt) {
            return;
        }
        if (planned != null) {
            planned.cancel(false);
        }
        plannedAt = atMillis;
        planned = timer.schedule(this::runOnce, Math.max(0, atMillis - clock.millis()), TimeUnit.MILLISECONDS);
    }

    private void runOnce() {
        synchronized (this) {
            plannedAt = Long.MAX_VALUE;
            planned = null;
        }
        long next;
        try {
            next = run.getAsLong();
        } catch (RuntimeException e) {
            LOG.warn("{} failed; retrying in {} ms", name, RETRY_AFTER_FAILURE_MILLIS, e);
            next = clock.millis() + RETRY_AFTER_FAILURE_MILLIS;
        }
        if (next != NOTHING_DUE) {
            wakeAt(next);
        }
    }

    @Override
    public synchronized void stop() {
        running = false;
        if (planned != null) {
            planned.cancel(false);
            planned = null;
        }
        plannedAt = Long.MAX_VALUE;
    }
}
