package io.hexmq.application.transaction;

import io.hexmq.domain.message.port.MessageArrivalListener;
import io.hexmq.domain.time.port.Clock;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Tells the driver of {@link CheckPendingTransactions} when a new half message will first need a check
 * (its arrival + {@code transactionTimeOut}), so the check-back can sleep while no transaction is open:
 * register it with the message store. Copies the check-back puts back itself arrive here too; they only
 * ask for a run the driver has planned already.
 */
public final class HalfArrivals implements MessageArrivalListener {

    private final Clock clock;
    private final long timeoutMillis;
    private final LongConsumer wakeAt;

    /** @param wakeAt called with a time (epoch ms) on the store's thread; must be quick */
    public HalfArrivals(Clock clock, TransactionSettings settings, LongConsumer wakeAt) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.timeoutMillis = Objects.requireNonNull(settings, "settings").transactionTimeOut().toMillis();
        this.wakeAt = Objects.requireNonNull(wakeAt, "wakeAt");
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        if (HalfMessages.HALF_TOPIC.equals(topic)) {
            wakeAt.accept(clock.millis() + timeoutMillis);
        }
    }
}
