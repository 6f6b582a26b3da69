package io.hexmq.bootstrap.lifecycle;

import io.hexmq.application.transaction.CheckPendingTransactions;
import io.hexmq.application.transaction.HalfArrivals;
import io.hexmq.application.transaction.TransactionSettings;
import io.hexmq.domain.message.port.MessageStore;
import io.hexmq.domain.time.port.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the transaction check-back exactly when a half message may need a check: no fixed period, so a
 * broker without open transactions schedules nothing. A new half message (told by the store's arrival
 * listener) plans a run at its first check time unless one is planned earlier; a run plans the next one.
 */
public final class TransactionCheckBack implements Lifecycle {

    private static final Logger LOG = LoggerFactory.getLogger(TransactionCheckBack.class);
    private static final long RETRY_AFTER_FAILURE_MILLIS = 1_000;

    private final CheckPendingTransactions checkPending;
    private final MessageStore store;
    private final Clock clock;
    private final TransactionSettings settings;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> planned;
    private long plannedAt = Long.MAX_VALUE;
    private boolean running;

    public TransactionCheckBack(CheckPendingTransactions checkPending, MessageStore store, Clock clock,
                                TransactionSettings settings, ScheduledExecutorService timer) {
        this.checkPending = checkPending;
        this.store = store;
        this.clock = clock;
        this.settings = settings;
        this.timer = timer;
    }

    @Override
    public String name() {
        return "transaction check-back";
    }

    @Override
    public void start() {
        synchronized (this) {
            running = true;
        }
        store.registerArrivalListener(new HalfArrivals(clock, settings, this::wakeAt));
        // Transactions that were open before a restart.
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
            next = checkPending.check().nextRunMillis();
        } catch (RuntimeException e) {
            LOG.warn("Transaction check-back failed; retrying in {} ms", RETRY_AFTER_FAILURE_MILLIS, e);
            next = clock.millis() + RETRY_AFTER_FAILURE_MILLIS;
        }
        if (next != CheckPendingTransactions.NOTHING_PENDING) {
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
