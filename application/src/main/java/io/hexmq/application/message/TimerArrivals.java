package io.hexmq.application.message;

import io.hexmq.domain.message.port.MessageArrivalListener;
import java.util.Objects;
import java.util.function.LongConsumer;

/**
 * Tells the driver of {@link DeliverDueTimerMessages} when a newly parked timer message is due, so it
 * can sleep until the next due time instead of polling: register it with the message store. The timer
 * topic's tag code is the due time, so the arrival already carries it.
 */
public final class TimerArrivals implements MessageArrivalListener {

    private final LongConsumer wakeAt;

    /** @param wakeAt called with a due time (epoch ms) on the store's thread; must be quick */
    public TimerArrivals(LongConsumer wakeAt) {
        this.wakeAt = Objects.requireNonNull(wakeAt, "wakeAt");
    }

    @Override
    public void arrived(String topic, int queueId, long queueOffset, long tagsCode) {
        if (TimerParking.TIMER_TOPIC.equals(topic)) {
            wakeAt.accept(tagsCode);
        }
    }
}
