package io.hexmq.bootstrap.lifecycle;

import io.hexmq.application.message.DelayedArrivals;
import io.hexmq.application.message.DeliverDueMessages;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs delayed-message delivery exactly when something is due: no fixed period, so an idle broker
 * schedules nothing. A newly parked message (told by the store's arrival listener) or the next due
 * time of the waiting ones moves the single planned run earlier; a run plans the next one.
 */
public final class DelayDelivery implements Lifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(DelayDelivery.class);
    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    private final DeliverDueMessages deliverDueMessages;
    private final MessageStore store;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> planned;
    private long plannedAt = Long.MAX_VALUE;
    private boolean running;

    public DelayDelivery(DeliverDueMessages deliverDueMessages, MessageStore store, Clock clock,
                         ScheduledExecutorService timer) {
        this.deliverDueMessages = deliverDueMessages;
        this.store = store;
        this.clock = clock;
        this.timer = timer;
    }

    @Override
    public String name() {
        return "delayed message delivery";
    }

    @Override
    public void start() {
        synchronized (this) {
            running = true;
        }
        store.registerArrivalListener(new DelayedArrivals(this::wakeAt));
        // Messages that were waiting before a restart.
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
            next = deliverDueMessages.deliver().nextDueMillis();
        } catch (RuntimeException e) {
            LOG.warn("Delayed message delivery failed; retrying in {} ms", RETRY_AFTER_FAILURE_MILLIS, e);
            next = clock.millis() + RETRY_AFTER_FAILURE_MILLIS;
        }
        if (next != DeliverDueMessages.NOTHING_WAITING) {
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
