package io.hexmq.bootstrap.lifecycle;

import io.hexmq.application.message.DeliverDueTimerMessages;
import io.hexmq.application.message.TimerArrivals;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs timer-message delivery exactly when something is due, as {@link DelayDelivery} does for delay
 * levels: no fixed period, so an idle broker schedules nothing. A newly parked timer message (told by
 * the store's arrival listener) or the next due time of the waiting ones moves the single planned run
 * earlier; a run plans the next one. The first run, at start, rebuilds the waiting set after a restart.
 */
public final class TimerMessageDelivery implements Lifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(TimerMessageDelivery.class);
    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    private final DeliverDueTimerMessages deliverDueTimerMessages;
    private final MessageStore store;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> planned;
    private long plannedAt = Long.MAX_VALUE;
    private boolean running;

    public TimerMessageDelivery(DeliverDueTimerMessages deliverDueTimerMessages, MessageStore store, Clock clock,
                                ScheduledExecutorService timer) {
        this.deliverDueTimerMessages = deliverDueTimerMessages;
        this.store = store;
        this.clock = clock;
        this.timer = timer;
    }

    @Override
    public String name() {
        return "timer message delivery";
    }

    @Override
    public void start() {
        synchronized (this) {
            running = true;
        }
        store.registerArrivalListener(new TimerArrivals(this::wakeAt));
        // Rebuilds the waiting set from the timer topic and delivers what came due while stopped.
        wakeAt(clock.millis());
    }

    /** Plans a run at {@code atMillis} unless one is planned earlier; quick, as it may run on the append path. */
    private synchronized void wakeAt(long atMillis) {
        if (!running || atMillis >= plannedAt) {
            return;
        }
        if (planned != null) {
            planned.cancel(false);
        }
        plannedAt = atMillis;
        planned = timer.schedule(this::run, Math.max(0, atMillis - clock.millis()), TimeUnit.MILLISECONDS);
    }

    private void run() {
        synchronized (this) {
            plannedAt = Long.MAX_VALUE;
            planned = null;
        }
        long next;
        try {
            next = deliverDueTimerMessages.deliver().nextDueMillis();
        } catch (RuntimeException e) {
            LOG.warn("Timer message delivery failed; retrying in {} ms", RETRY_AFTER_FAILURE_MILLIS, e);
            next = clock.millis() + RETRY_AFTER_FAILURE_MILLIS;
        }
        if (next != DeliverDueTimerMessages.NOTHING_WAITING) {
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
